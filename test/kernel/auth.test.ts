import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let workspaceId: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ workspaceId } = await t.bootstrap({ plan: 'agency' }));
});
afterAll(() => t.close());

/** Routes that are not authenticated by API key (operator token, invite token, docs, signing in and out, first-run setup: test/sessions; Caddy's TLS ask: test/domains; Slack's signed commands: test/slack). */
const PUBLIC = [
  /^\/api\/admin\//,
  /^\/api\/docs/,
  /^\/api\/openapi\.json$/,
  /^\/api\/invites\//,
  /^\/api\/session(\/sign-in-link)?$/,
  /^\/api\/session\/(options|oidc\/(start|callback))$/,
  /^\/api\/setup$/,
  /^\/api\/tls\/ask$/,
  /^\/api\/slack\/commands$/,
];

function apiRoutes() {
  return t.app.routes
    .filter((r) => r.path.startsWith('/api/') && !PUBLIC.some((re) => re.test(r.path)) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({ method: r.method, path: r.path.replace(/:wsId/g, workspaceId).replace(/:(\w+)/g, 'x-$1') }));
}

describe('401 on every /api endpoint without a valid key or session', () => {
  test('the route table is not empty', () => expect(apiRoutes().length).toBeGreaterThan(5));

  const credentialSets = [
    {},
    { 'x-api-key': 'lh_not-a-real-key' },
    { 'x-api-key': 'garbage' },
    { 'x-api-key': '' },
    { cookie: 'lh_session=not-a-session', 'x-csrf-token': 'x' },
  ];
  for (const credentials of credentialSets as Record<string, string>[]) {
    test(`credentials ${JSON.stringify(credentials)}`, async () => {
      const failures: string[] = [];
      for (const { method, path } of apiRoutes()) {
        // a body that fails validation: authentication must still answer first
        const body = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method) ? '{"bogus":' : undefined;
        const res = await t.app.handle(
          new Request(`http://linkhop.test${path}`, { method, headers: { 'content-type': 'application/json', ...credentials }, body }),
        );
        if (res.status !== 401) failures.push(`${method} ${path} → ${res.status}`);
        else expect((await res.json()).error).toBeString();
      }
      expect(failures).toEqual([]);
    });
  }

  test('a key of a deleted workspace stops working', async () => {
    const other = await t.bootstrap();
    expect((await t.api('GET', `/workspaces/${other.workspaceId}`, { key: other.key })).status).toBe(200);
    expect((await t.api('DELETE', `/workspaces/${other.workspaceId}`, { key: other.key })).status).toBe(200);
    const after = await t.api('GET', '/workspaces', { key: other.key });
    // the key row is gone with its workspace; cached actors expire within 30 s, so accept 401 or an empty list
    expect(after.status === 401 || (after.status === 200 && after.body.workspaces.length === 0)).toBe(true);
  });
});

test('operator API: off without ADMIN_TOKEN, 401 with a wrong token', async () => {
  const wrong = await t.api('POST', '/admin/bootstrap', { headers: { authorization: 'Bearer nope' }, body: { email: 'a@example.com' } });
  expect(wrong.status).toBe(401);
  const missing = await t.api('POST', '/admin/bootstrap', { body: { email: 'a@example.com' } });
  expect(missing.status).toBe(401);
  const off = await startTestApp({ env: { ADMIN_TOKEN: '' } });
  try {
    const res = await off.api('POST', '/admin/bootstrap', { headers: { authorization: 'Bearer ' }, body: { email: 'a@example.com' } });
    expect(res.status).toBe(404);
  } finally {
    await off.close();
  }
});
