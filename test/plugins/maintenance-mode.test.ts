import { afterAll, beforeAll, expect, test } from 'bun:test';
import maintenanceMode from '../../plugins/examples/maintenance-mode';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ plugins: [maintenanceMode] });
});
afterAll(() => t.close());

const path = (wsId: string) => `/plugins/maintenance-mode/workspaces/${wsId}`;

test('an admin switches a Pro workspace to its maintenance page: its links redirect there (302, not remembered), audited, and back', async () => {
  const owner = await t.bootstrap({ plan: 'pro' });
  const other = await t.bootstrap({ plan: 'pro' });
  const shop = { target: 'https://example.com/shop', redirect_type: 301 };
  const link = (await t.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: shop })).body;
  const untouched = (await t.api('POST', `/workspaces/${other.workspaceId}/links`, { key: other.key, body: { target: 'https://example.com/other' } })).body;
  const visit = (slug: string) => t.request(`/${slug}`);

  expect((await t.api('GET', path(owner.workspaceId), { key: owner.key })).body).toEqual({ page_url: null });
  expect((await visit(link.slug)).status).toBe(301);

  // the example the OpenAPI document offers, as Swagger UI sends it
  const doc = (await t.api('GET', '/openapi.json')).body;
  const example = doc.paths['/api/plugins/maintenance-mode/workspaces/{wsId}'].put.requestBody.content['application/json'].schema.example;
  const on = await t.api('PUT', path(owner.workspaceId), { key: owner.key, body: example });
  expect(on).toMatchObject({ status: 200, body: { page_url: 'https://status.example.com/' } });

  const during = await visit(link.slug);
  expect(during.status).toBe(302);
  expect(during.headers.get('location')).toBe('https://status.example.com/');
  expect(during.headers.get('cache-control')).toBe('no-store');
  expect((await visit(untouched.slug)).headers.get('location')).toBe('https://example.com/other');
  expect((await t.api('GET', path(owner.workspaceId), { key: owner.key })).body).toEqual({ page_url: 'https://status.example.com/' });

  const audit = await t.api('GET', `/workspaces/${owner.workspaceId}/audit-log?action=plugin:maintenance-mode.on`, { key: owner.key });
  expect(audit.body.entries).toHaveLength(1);
  expect(audit.body.entries[0]).toMatchObject({ user_id: owner.userId, action: 'plugin:maintenance-mode.on' });
  expect(JSON.parse(audit.body.entries[0].details)).toEqual({ page_url: 'https://status.example.com/' });

  expect((await t.api('PUT', path(owner.workspaceId), { key: owner.key, body: { page_url: null } })).body).toEqual({ page_url: null });
  const after = await visit(link.slug);
  expect(after.status).toBe(301);
  expect(after.headers.get('location')).toBe('https://example.com/shop');
});

test('the route is guarded like the modules: 401, 404, 403 below admin, 402 below Pro, 400 for an invalid body', async () => {
  const pro = await t.bootstrap({ plan: 'pro' });
  const free = await t.bootstrap({ plan: 'free' });
  const body = { page_url: 'https://status.example.com/' };
  const cases: [string, { key?: string; wsId: string; body?: unknown }, number][] = [
    ['no key', { wsId: pro.workspaceId, body }, 401],
    ['another workspace', { key: free.key, wsId: pro.workspaceId, body }, 404],
    ['Free plan', { key: free.key, wsId: free.workspaceId, body }, 402],
    ['not a URL', { key: pro.key, wsId: pro.workspaceId, body: { page_url: 'status page' } }, 400],
    ['no body', { key: pro.key, wsId: pro.workspaceId }, 400],
  ];
  for (const [name, c, status] of cases) {
    const res = await t.api('PUT', path(c.wsId), { key: c.key, body: c.body });
    expect({ name, status: res.status }).toEqual({ name, status });
    expect(typeof res.body.error).toBe('string');
  }
  const viewer = await t.api('POST', `/workspaces/${pro.workspaceId}/api-keys`, { key: pro.key, body: { name: 'v', role: 'viewer' } });
  expect((await t.api('PUT', path(pro.workspaceId), { key: viewer.body.key, body })).status).toBe(403);
  expect((await t.api('GET', path(pro.workspaceId), { key: viewer.body.key })).status).toBe(200);
});
