import { expect, test } from 'bun:test';
// The only import: every hook and event payload is typed by core (tsc checks this file with the others).
import { HookBus, type ClickRecord, type LinkSnapshot, type RedirectResolve, type Visitor } from '../../core/hooks';

test('every hook is declared in core with its payload typed, without importing a module', async () => {
  const bus = new HookBus();
  const seen: string[] = [];
  bus.on('redirect.resolve', (ctx) => {
    seen.push(`${ctx.link.slug} ${ctx.visitor.country} ${ctx.link.workspace.plan}`);
    ctx.target = `${ctx.target}?via=${ctx.visitor.device}`;
  });
  bus.on('link.validate', (ctx) => void seen.push(`${ctx.mode} ${ctx.plan} ${String(ctx.input.target)}`));
  bus.on('clicks.recorded', ({ clicks }) => void seen.push(clicks.map((c) => `${c.link_id}@${c.clicked_at}`).join(',')));
  bus.on('workspace.changed', ({ workspaceId }) => void seen.push(`changed ${workspaceId}`));
  bus.on('domain.changed', ({ domain }) => void seen.push(`changed ${domain}`));

  const link = { slug: 'promo', workspace: { plan: 'pro' } } as LinkSnapshot;
  const visitor = { country: 'DE', device: 'mobile' } as Visitor;
  const ctx: RedirectResolve = await bus.run('redirect.resolve', { link, visitor, target: 'https://example.com/', routed: false, setCookies: [] });
  await bus.run('link.validate', { workspaceId: 'w1', plan: 'free', mode: 'create', input: { target: 'https://example.org/' } });
  await bus.run('clicks.recorded', { clicks: [{ link_id: 'l1', clicked_at: 5 } as ClickRecord], workspaceIds: ['w1'] });
  await bus.run('workspace.changed', { workspaceId: 'w1' });
  await bus.run('domain.changed', { domain: 'go.example.com' });

  expect(ctx.target).toBe('https://example.com/?via=mobile');
  expect(seen).toEqual(['promo DE pro', 'create free https://example.org/', 'l1@5', 'changed w1', 'changed go.example.com']);
});

// No queries or commands through the bus (checked by tsc): each was replaced by a direct call.
type HookName = Parameters<HookBus['run']>[0];
// @ts-expect-error domain.linkCount was a query to the links module (now links' countDomainLinks)
export const linkCount: HookName = 'domain.linkCount';
// @ts-expect-error domain.beforeRemove carried an open transaction (now links' deleteDomainLinks, called in the removal)
export const beforeRemove: HookName = 'domain.beforeRemove';
// @ts-expect-error audit.record was a command carrying the transaction (now audit's recordAudit)
export const auditRecord: HookName = 'audit.record';
