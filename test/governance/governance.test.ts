import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { createLink } from '../../modules/links/create';
import { linkContext } from '../../modules/links/validate';
import { setWorkspacePlan } from '../../modules/workspaces/service';
import { workspaces } from '../../modules/workspaces/schema';
import type { Plan } from '../../core/plans';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

/** A Team workspace with `governance` set through workspace PATCH (validated there). */
async function governed(governance: Record<string, unknown>, extra: Record<string, unknown> = {}, plan: Plan = 'team') {
  const me = await t.bootstrap({ plan });
  const res = await t.api('PATCH', `/workspaces/${me.workspaceId}`, { key: me.key, body: { governance, ...extra } });
  expect(res.status).toBe(200);
  const create = (body: Record<string, unknown>) => t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body });
  return { ...me, create };
}

function expectViolation(res: { status: number; body: any }, message: RegExp) {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatch(/^Governance: /);
  expect(res.body.error).toMatch(message);
}

describe('single create', () => {
  test('require_utm: source and medium on the link', async () => {
    const ws = await governed({ require_utm: true });
    const msg = /UTM parameters \(source and medium\) are required/;
    expectViolation(await ws.create({ target: 'https://example.com/' }), msg);
    expectViolation(await ws.create({ target: 'https://example.com/', utm_params: { source: 'news' } }), msg);
    expectViolation(await ws.create({ target: 'https://example.com/', utm_params: { source: 'news', medium: '' } }), msg);
    expectViolation(await ws.create({ target: 'https://example.com/', utm_params: { medium: 'email', campaign: 'x' } }), msg);
    const ok = await ws.create({ target: 'https://example.com/', utm_params: { source: 'news', medium: 'email' } });
    expect(ok.status).toBe(201);
    expect(ok.body.utm_params).toEqual({ source: 'news', medium: 'email' });
  });

  test('require_utm: the workspace default_utm_params count when the link has none (they are what gets stored)', async () => {
    const ws = await governed({ require_utm: true }, { default_utm_params: { source: 'site', medium: 'web' } });
    const ok = await ws.create({ target: 'https://example.com/' });
    expect(ok.status).toBe(201);
    expect(ok.body.utm_params).toEqual({ source: 'site', medium: 'web' });
    // a link with its own UTM parameters keeps them (no merge): they must meet the policy themselves
    expectViolation(await ws.create({ target: 'https://example.com/', utm_params: { campaign: 'spring' } }), /UTM/);

    const partial = await governed({ require_utm: true }, { default_utm_params: { source: 'site' } });
    expectViolation(await partial.create({ target: 'https://example.com/' }), /UTM/);
  });

  test('require_tags and require_title', async () => {
    const ws = await governed({ require_tags: true, require_title: true });
    expectViolation(await ws.create({ target: 'https://example.com/', title: 'T' }), /at least one tag is required/);
    expectViolation(await ws.create({ target: 'https://example.com/', title: 'T', tags: [] }), /tag/);
    expectViolation(await ws.create({ target: 'https://example.com/', tags: ['a'] }), /a title is required/);
    expectViolation(await ws.create({ target: 'https://example.com/', tags: ['a'], title: '   ' }), /title/);
    expect((await ws.create({ target: 'https://example.com/', tags: ['a'], title: 'T' })).status).toBe(201);
  });

  test('max_expiry_days: expires_at set and at most N days from now', async () => {
    const ws = await governed({ max_expiry_days: 30 });
    const msg = /expiry must be set and within 30 days/;
    expectViolation(await ws.create({ target: 'https://example.com/' }), msg);
    expectViolation(await ws.create({ target: 'https://example.com/', expires_at: null }), msg);
    expectViolation(await ws.create({ target: 'https://example.com/', expires_at: inDays(31) }), msg);
    expect((await ws.create({ target: 'https://example.com/', expires_at: inDays(29) })).status).toBe(201);
    // an unparseable date is a validation error, not a policy breach
    const bad = await ws.create({ target: 'https://example.com/', expires_at: 'next week' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Invalid expires_at/);
  });

  test('blocked_domains: the domain and its subdomains, case-insensitively', async () => {
    const ws = await governed({ blocked_domains: ['Example.com'] });
    for (const target of [
      'https://example.com/',
      'https://sub.example.com/x',
      'http://a.b.EXAMPLE.com./',
      'https://example.com:8443/',
      'https://example.com..:8443/',
    ]) {
      expectViolation(await ws.create({ target }), /target domain blocked/);
    }
    for (const target of ['https://notexample.com/', 'https://example.com.evil.org/', 'https://example.org/']) {
      expect((await ws.create({ target })).status).toBe(201);
    }
  });

  test('allowed_domains: only the listed domains and their subdomains', async () => {
    const ws = await governed({ allowed_domains: ['good.com', 'partner.org'] });
    for (const target of ['https://good.com/', 'https://www.good.com/a', 'https://x.partner.org/']) {
      expect((await ws.create({ target })).status).toBe(201);
    }
    for (const target of ['https://bad.com/', 'https://notgood.com/', 'https://good.com.evil.net/']) {
      expectViolation(await ws.create({ target }), /this workspace policy only allows links to approved domains/);
    }
  });

  test('allowed_domains takes precedence over blocked_domains (a policy stored with both)', async () => {
    const ws = await governed({});
    // PATCH refuses both lists together; a policy stored before that rule still behaves
    await t.deps.db
      .update(workspaces)
      .set({ governance: { allowed_domains: ['example.com'], blocked_domains: ['example.com', 'other.com'] } })
      .where(eq(workspaces.id, ws.workspaceId));
    await t.deps.bus.run('workspace.changed', { workspaceId: ws.workspaceId });
    expect((await ws.create({ target: 'https://sub.example.com/' })).status).toBe(201);
    expectViolation(await ws.create({ target: 'https://other.com/' }), /approved domains/);
  });

  test('an invalid target is reported by validation, not by the policy', async () => {
    const ws = await governed({ allowed_domains: ['good.com'] });
    const res = await ws.create({ target: 'not a url' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Invalid target/);
  });

  test('the policy is re-read as soon as the workspace PATCH changes it', async () => {
    const ws = await governed({ require_title: true });
    expectViolation(await ws.create({ target: 'https://example.com/' }), /title/);
    expect((await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { governance: { require_tags: true } } })).status).toBe(200);
    expectViolation(await ws.create({ target: 'https://example.com/' }), /tag/);
    expect((await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { governance: null } })).status).toBe(200);
    expect((await ws.create({ target: 'https://example.com/' })).status).toBe(201);
  });

  test('existing links and link PATCH are not affected', async () => {
    const me = await t.bootstrap({ plan: 'team' });
    const created = await t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body: { target: 'https://blocked.com/' } });
    expect(created.status).toBe(201);
    await t.api('PATCH', `/workspaces/${me.workspaceId}`, {
      key: me.key,
      body: { governance: { blocked_domains: ['blocked.com'], require_title: true, require_utm: true } },
    });
    const patch = await t.api('PATCH', `/workspaces/${me.workspaceId}/links/${created.body.id}`, {
      key: me.key,
      body: { target: 'https://blocked.com/other', title: null },
    });
    expect(patch.status).toBe(200);
    const got = await t.api('GET', `/workspaces/${me.workspaceId}/links/${created.body.id}`, { key: me.key });
    expect(got.body.target).toBe('https://blocked.com/other');
    expect((await t.request(`/${created.body.slug}`)).status).toBe(302);
  });

  test('enforced on Team and Agency only: a downgraded workspace keeps its policy, unenforced', async () => {
    const agency = await governed({ require_title: true }, {}, 'agency');
    expectViolation(await agency.create({ target: 'https://example.com/' }), /title/);

    const ws = await governed({ require_title: true });
    expectViolation(await ws.create({ target: 'https://example.com/' }), /title/);
    await setWorkspacePlan(t.deps, ws.workspaceId, 'pro', 'operator');
    expect((await ws.create({ target: 'https://example.com/' })).status).toBe(201);
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}`, { key: ws.key })).body.governance).toEqual({ require_title: true });
    await setWorkspacePlan(t.deps, ws.workspaceId, 'team', 'operator');
    expectViolation(await ws.create({ target: 'https://example.com/' }), /title/);
  });

  test('every create source runs the policy (MCP creates go through the same service call)', async () => {
    const ws = await governed({ require_tags: true });
    const ctx = await linkContext(t.deps.db, { id: ws.workspaceId, plan: 'team' }, ws.userId);
    for (const source of ['single', 'mcp'] as const) {
      const error = await createLink(t.deps, ctx, { target: 'https://example.com/' }, source).catch((e) => e);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^Governance: at least one tag/);
    }
  });
});

describe('bulk create', () => {
  test('a violating item fails the whole request with 400 naming the item; nothing is written', async () => {
    const ws = await governed({ blocked_domains: ['blocked.com'] });
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links/bulk`, {
      key: ws.key,
      body: { links: [{ target: 'https://ok.com/1' }, { target: 'https://x.blocked.com/' }, { target: 'https://ok.com/2' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Governance: target domain blocked/);
    expect(res.body.error).toMatch(/links\[1\]/);
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key })).body.total).toBe(0);
  });

  test('items meeting the policy are created; invalid items are still skipped silently', async () => {
    const ws = await governed({ require_tags: true });
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links/bulk`, {
      key: ws.key,
      body: {
        links: [
          { target: 'https://ok.com/1', tags: ['a'] },
          { target: 'ftp://bad', tags: ['a'] },
          { target: 'https://ok.com/2', tags: ['b'] },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(2);
    expect(res.body.created.map((l: any) => l.target)).toEqual(['https://ok.com/1', 'https://ok.com/2']);
  });
});

describe('CSV import', () => {
  test('violating rows are reported in errors; the other rows are imported', async () => {
    const ws = await governed({ require_title: true, allowed_domains: ['ok.com'] });
    const csv = 'target,title\nhttps://ok.com/1,One\nhttps://ok.com/2,\nhttps://elsewhere.com/,Three\nhttps://sub.ok.com/4,Four\n';
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links`, { key: ws.key, body: { csv } });
    expect(res.status).toBe(201);
    expect(res.body.created).toBe(2);
    expect(res.body.links.map((l: any) => l.title)).toEqual(['One', 'Four']);
    expect(res.body.errors).toHaveLength(2);
    expect(res.body.errors[0]).toEqual({
      row: 2,
      line: 3,
      reason: expect.stringMatching(/^Governance: a title is required/),
      field: 'title',
      code: 'required',
    });
    expect(res.body.errors[1]).toMatchObject({
      row: 3,
      reason: expect.stringMatching(/^Governance: this workspace policy only allows links to approved domains/),
      code: 'invalid',
    });
  });
});
