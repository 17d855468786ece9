import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('health and readiness on the site host', async () => {
  expect(await (await t.app.handle(new Request('http://linkhop.test/healthz'))).json()).toEqual({ ok: true });
  const ready = await t.app.handle(new Request('http://linkhop.test/readyz'));
  expect(ready.status).toBe(200);
  const body = await ready.json();
  expect(body.ok).toBe(true);
  expect(body.checks.database).toBe('up');
  if (t.config.redisUrl) expect(body.checks.redis).toBe('up');
});

// a load balancer or an orchestrator probes an instance by its address, or by a name of its own
const OTHER_HOSTS = ['go.linkhop.test', 'unknown.example.org', '10.0.0.5:3000', '127.0.0.1:3000', '[::1]:3000'];

test('health and readiness answer on every host, through the server and through the app', async () => {
  for (const host of OTHER_HOSTS) {
    for (const answer of [(path: string) => t.request(path, { host }), (path: string) => t.app.handle(new Request(`http://${host}${path}`))]) {
      const live = await answer('/healthz');
      expect({ host, status: live.status, body: await live.json() }).toEqual({ host, status: 200, body: { ok: true } });
      const ready = await answer('/readyz');
      expect({ host, status: ready.status }).toEqual({ host, status: 200 });
      expect((await ready.json()).checks.database).toBe('up');
    }
  }
});

test('a listening server probed by its address (Host 127.0.0.1:port): health answers, the API does not', async () => {
  const address = await t.listen();
  expect(await (await fetch(`${address}/healthz`)).json()).toEqual({ ok: true });
  expect((await fetch(`${address}/readyz`)).status).toBe(200);
  expect((await fetch(`${address}/api/workspaces`)).status).toBe(404);
});

test('the API asked on another host: a 404 whose body names the site host to use', async () => {
  const address = await t.listen();
  const elsewhere = {
    error: 'Not found: the API is served on the site host linkhop.test (SITE_URL http://linkhop.test), not on this host',
    code: 'not_found',
  };
  const byAddress = await fetch(`${address}/api/workspaces`);
  expect({ status: byAddress.status, body: await byAddress.json() }).toEqual({ status: 404, body: elsewhere });
  for (const host of OTHER_HOSTS) {
    const res = await t.request('/api/plugins/x/y', { host, method: 'POST', body: '{}' });
    expect({ host, status: res.status, body: await res.json() }).toEqual({ host, status: 404, body: elsewhere });
  }
  // the other site paths stay plain 404s (a page, the dashboard): only the API's callers are clients with a base URL
  expect(await (await t.request('/app', { host: 'go.linkhop.test' })).json()).toEqual({ error: 'Not found', code: 'not_found' });
});

test('every other site path is not served on a short domain, an unknown name or an address', async () => {
  for (const host of OTHER_HOSTS) {
    for (const path of ['/api/workspaces', '/api/docs', '/api/openapi.json', '/p/x', '/mcp', '/app', '/app/links']) {
      const res = await t.request(path, { host });
      expect({ host, path, status: res.status }).toEqual({ host, path, status: 404 });
    }
  }
});

test('healthz and readyz are reserved slugs: a link cannot take them, so health wins on a short domain', async () => {
  const { workspaceId, key } = await t.bootstrap();
  const domain = `short-${Date.now().toString(36)}.example.com`;
  expect((await t.api('POST', `/workspaces/${workspaceId}/domains`, { key, body: { domain } })).status).toBe(201);
  for (const slug of ['healthz', 'readyz', 'HealthZ']) {
    const res = await t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/', domain, slug } });
    expect({ slug, status: res.status, error: res.body.error }).toEqual({ slug, status: 400, error: `Invalid slug: "${slug}" is reserved` });
  }
  expect(await (await t.request('/healthz', { host: domain })).json()).toEqual({ ok: true });
});

test('bad requests get clear {error} bodies, never 500', async () => {
  const { key } = await t.bootstrap();
  const malformed = await t.api('POST', '/workspaces', { key, body: '{"name": ' });
  expect(malformed.status).toBe(400);
  expect(malformed.body.error).toBeString();
  const missing = await t.api('POST', '/workspaces', { key, body: {} });
  expect(missing.status).toBe(400);
  expect(missing.body.error).toBe('name is required');
  const unknownRoute = await t.api('GET', '/nope', { key });
  expect(unknownRoute.status).toBe(404);
  expect(unknownRoute.body).toEqual({ error: 'Not found', code: 'not_found' });
});

test("API responses carry a request id: the caller's when sane, else a new one", async () => {
  const { key } = await t.bootstrap();
  const fresh = await t.api('GET', '/workspaces', { key });
  expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  const given = await t.api('GET', '/workspaces', { key, headers: { 'x-request-id': 'trace-123' } });
  expect(given.headers.get('x-request-id')).toBe('trace-123');
  const failed = await t.api('GET', '/workspaces', { headers: { 'x-request-id': 'trace-401' } });
  expect([failed.status, failed.headers.get('x-request-id')]).toEqual([401, 'trace-401']);
  const hostile = await t.api('GET', '/workspaces', { key, headers: { 'x-request-id': 'a b<script>' } });
  expect(hostile.headers.get('x-request-id')).not.toContain('<');
  const redirect = await t.request('/whatever');
  expect(redirect.headers.get('x-request-id')).toBeNull();
});

test('local use, the site and the default domain on one host: short links and site paths side by side', async () => {
  const shared = await startTestApp({ env: { DEFAULT_DOMAIN: new URL(t.config.siteUrl).host } });
  try {
    const host = shared.config.siteHost;
    expect(shared.config.defaultDomain).toBe(host);
    const { workspaceId, key } = await shared.bootstrap();
    const created = await shared.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/local' } });
    expect(created.status).toBe(201);
    expect(created.body.short_url).toBe(`${shared.config.siteUrl}/${created.body.slug}`);
    const visit = await shared.request(`/${created.body.slug}`, { host });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://example.com/local');
    // the site's own paths keep answering on that host
    expect((await shared.request('/healthz', { host })).status).toBe(200);
    expect((await shared.request('/api/openapi.json', { host })).status).toBe(200);
    // a target on that host would loop
    const loop = await shared.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: `${shared.config.siteUrl}/${created.body.slug}` } });
    expect(loop.status).toBe(400);
  } finally {
    await shared.close();
  }
});
