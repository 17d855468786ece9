import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { addDomain, createLink, type Ws } from '../links/fixtures';
import { logoPng, uploadLogo } from '../qr/logo-fixtures';

/**
 * Cross-workspace ids: an owner of workspace A who names workspace B's real resources
 * gets 404 on EVERY API route that takes an id — the route list comes from the app itself, so
 * a new route is covered (or fails here) without editing this file — and B's resources are
 * untouched afterwards. Naming B itself as the workspace is 404 on every workspace route too.
 */
let t: TestApp;
let a: Ws;
let b: Ws;
const ids: Record<string, string> = {};
let aPortfolio = '';

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  a = await t.bootstrap({ plan: 'agency' });
  b = await t.bootstrap({ plan: 'agency' });
  const as = (w: Ws) => ({ key: w.key });
  const ok = async (res: Promise<{ status: number; body: any; text: string }>) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`setup failed: ${r.status} ${r.text}`);
    return r.body;
  };
  const link = await createLink(t, b, { target: 'https://b.example/secret', tags: ['b-only'] });
  ids.linkId = link.id;
  ids.tagName = 'b-only';
  ids.domainId = (await addDomain(t, b, 'b-domain.example')).id;
  ids.portfolioId = (await ok(t.api('POST', `/workspaces/${b.workspaceId}/portfolios`, { ...as(b), body: { name: 'B portfolio' } }))).id;
  await ok(t.api('POST', `/workspaces/${b.workspaceId}/portfolios/${ids.portfolioId}/links`, { ...as(b), body: { link_ids: [link.id] } }));
  ids.templateId = (
    await ok(t.api('POST', `/workspaces/${b.workspaceId}/templates`, { ...as(b), body: { name: 'B template', config: { og_title: 'B' } } }))
  ).id;
  ids.webhookId = (
    await ok(
      t.api('POST', `/workspaces/${b.workspaceId}/webhooks`, { ...as(b), body: { name: 'B hook', url: 'https://127.0.0.1:9/hook', events: ['link.created'] } }),
    )
  ).id;
  ids.inviteId = (await ok(t.api('POST', `/workspaces/${b.workspaceId}/invites`, { ...as(b), body: { email: 'invitee@example.com', role: 'editor' } }))).id;
  ids.userId = (await memberWithKey(t, b.workspaceId, 'editor', 'agency')).userId;
  ids.ssoDomainId = (
    await ok(t.api('POST', `/workspaces/${b.workspaceId}/sso-domains`, { ...as(b), body: { domain: 'b-corp.example', default_role: 'viewer' } }))
  ).id;
  ids.keyId = (await ok(t.api('POST', `/workspaces/${b.workspaceId}/api-keys`, { ...as(b), body: { name: 'B key' } }))).id;
  ids.logoId = (await uploadLogo(t, b.workspaceId, b.key, logoPng(64))).body.id;
  ids.slackLinkId = (
    await ok(
      t.api('POST', `/workspaces/${b.workspaceId}/slack-links`, {
        ...as(b),
        body: { team_id: 'TBWORKSPACE', name: 'B Slack', role: 'editor', signing_secret: 'bSigningSecret0123456789abcdef' },
      }),
    )
  ).id;
  aPortfolio = (await ok(t.api('POST', `/workspaces/${a.workspaceId}/portfolios`, { ...as(a), body: { name: 'A portfolio' } }))).id;
});
afterAll(() => t.close());

/** Valid bodies, so that nothing but the id can make a route refuse. */
function bodyFor(method: string, path: string): unknown {
  if (method === 'GET' || method === 'DELETE') return undefined;
  if (path.endsWith('/portfolios/:portfolioId/links') || path.endsWith('/portfolios/:portfolioId/links/order')) return { link_ids: [ids.linkId] };
  if (path.includes('/members/')) return { role: 'viewer' };
  if (path.includes('/links/tags/')) return { color: '#ffffff' };
  if (path.includes('/sso-domains/') && method === 'PATCH') return { sso_required: true };
  if (path.includes('/qr/logos/') && method === 'PATCH') return { workspace_logo: true };
  if (path.endsWith('/verify') || path.endsWith('/rotate-secret') || path.endsWith('/test')) return undefined;
  return path.includes('/links/') ? { title: 'taken over' } : { name: 'taken over' };
}

const apiRoutes = () =>
  t.app.routes
    .filter((r) => r.path.startsWith('/api/workspaces/:wsId'))
    .filter((r) => !(r.method === 'DELETE' && r.path === '/api/workspaces/:wsId'))
    .map((r) => ({ method: r.method, path: r.path.slice('/api'.length) }));

const fill = (path: string, wsId: string, own: Record<string, string> = {}) =>
  path.replace(':wsId', wsId).replace(/:(\w+)/g, (_, name: string) => {
    const id = own[name] ?? ids[name];
    if (!id) throw new Error(`no resource of workspace B for :${name} — add one to this test`);
    return encodeURIComponent(id);
  });

test("A's key, A's workspace, B's resource ids → 404 on every route with an id", async () => {
  const routes = apiRoutes().filter((r) => /:(?!wsId)\w+/.test(r.path));
  expect(routes.length).toBeGreaterThanOrEqual(25);
  const failures: string[] = [];
  for (const route of routes) {
    // tag routes take a name, which is per workspace by nature: A's "b-only" is A's own tag
    if (route.path.includes('/links/tags/')) continue;
    const res = await t.api(route.method, fill(route.path, a.workspaceId), { key: a.key, body: bodyFor(route.method, route.path) });
    if (res.status !== 404) failures.push(`${route.method} ${route.path} → ${res.status} ${res.text.slice(0, 120)}`);
    else if (typeof res.body?.error !== 'string') failures.push(`${route.method} ${route.path} → 404 without {error}`);
  }
  // A's own portfolio, B's link
  const res = await t.api('DELETE', `/workspaces/${a.workspaceId}/portfolios/${aPortfolio}/links/${ids.linkId}`, { key: a.key });
  if (res.status !== 404) failures.push(`DELETE A portfolio / B link → ${res.status}`);
  expect(failures).toEqual([]);
});

test("A's key naming workspace B → 404 on every workspace route", async () => {
  const failures: string[] = [];
  for (const route of apiRoutes()) {
    const res = await t.api(route.method, fill(route.path, b.workspaceId), { key: a.key, body: bodyFor(route.method, route.path) });
    if (res.status !== 404) failures.push(`${route.method} ${route.path} → ${res.status} ${res.text.slice(0, 120)}`);
  }
  const del = await t.api('DELETE', `/workspaces/${b.workspaceId}`, { key: a.key });
  if (del.status !== 404) failures.push(`DELETE /workspaces/:wsId → ${del.status}`);
  expect(failures).toEqual([]);
});

test("ids of B inside A's request bodies are skipped or refused, never used", async () => {
  const added = await t.api('POST', `/workspaces/${a.workspaceId}/portfolios/${aPortfolio}/links`, { key: a.key, body: { link_ids: [ids.linkId] } });
  expect(added.body).toEqual({ added: 0 });
  const deleted = await t.api('DELETE', `/workspaces/${a.workspaceId}/links/bulk`, { key: a.key, body: { ids: [ids.linkId] } });
  expect(deleted.body).toEqual({ deleted: 0 });
  const fromTemplate = await t.api('POST', `/workspaces/${a.workspaceId}/links`, {
    key: a.key,
    body: { target: 'https://a.example/', template_id: ids.templateId },
  });
  expect([400, 404]).toContain(fromTemplate.status);
  const onDomain = await t.api('POST', `/workspaces/${a.workspaceId}/links`, {
    key: a.key,
    body: { target: 'https://a.example/', domain: 'b-domain.example', slug: 'mine' },
  });
  expect(onDomain.status).toBe(400);
});

test("B's resources are all intact afterwards", async () => {
  const get = (path: string) => t.api('GET', `/workspaces/${b.workspaceId}${path}`, { key: b.key });
  const link = await get(`/links/${ids.linkId}`);
  expect(link.status).toBe(200);
  expect(link.body).toMatchObject({ title: null, tags: ['b-only'], target: 'https://b.example/secret' });
  expect((await get(`/portfolios/${ids.portfolioId}`)).body).toMatchObject({ name: 'B portfolio', links: [expect.objectContaining({ id: ids.linkId })] });
  expect((await get(`/templates/${ids.templateId}`)).body).toMatchObject({ name: 'B template' });
  expect((await get(`/webhooks/${ids.webhookId}`)).body).toMatchObject({ name: 'B hook' });
  expect((await get('/domains')).body.domains.map((d: { id: string }) => d.id)).toContain(ids.domainId);
  const members = (await get('/members')).body.members;
  expect(members.find((m: { id: string }) => m.id === ids.userId)).toMatchObject({ role: 'editor' });
  expect((await get('/invites')).body.invites.map((i: { id: string }) => i.id)).toContain(ids.inviteId);
  const keys = await get('/api-keys');
  expect(JSON.stringify(keys.body)).toContain(ids.keyId);
  expect(JSON.stringify((await get('/qr/logos')).body)).toContain(ids.logoId);
  const slackLinks = (await get('/slack-links')).body.slack_links;
  expect(slackLinks).toEqual([expect.objectContaining({ id: ids.slackLinkId, name: 'B Slack', role: 'editor' })]);
});
