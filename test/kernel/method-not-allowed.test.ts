import { afterAll, beforeAll, expect, test } from 'bun:test';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { BROWSER_UA, createLink, type Ws } from '../links/fixtures';

let t: TestApp;
let ws: Ws;
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
}, 60_000);
afterAll(() => t.close());

const site = (method: string, path: string) => t.app.handle(new Request(`${SITE_URL}${path}`, { method }));

test.each([
  ['PUT', '/api/session', 'GET, DELETE, POST, HEAD'],
  ['PATCH', '/api/session/sign-in-link', 'POST'],
  ['PUT', '/healthz', 'GET, HEAD'],
  ['PUT', '/api/workspaces/{ws}/links', 'GET, POST, HEAD'],
  ['POST', '/api/workspaces/{ws}/links/some-id', 'GET, PATCH, DELETE, HEAD'],
])('%s %s: 405 with Allow: %s', async (method, path, allow) => {
  const res = await site(method, path.replace('{ws}', ws.workspaceId));
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')?.split(', ').sort()).toEqual(allow.split(', ').sort());
  expect(await res.json()).toEqual({ error: `${method} is not allowed here; allowed: ${res.headers.get('allow')}`, code: 'method_not_allowed' });
});

test('a path no route has is still 404, whatever the method', async () => {
  for (const method of ['GET', 'PUT', 'DELETE']) {
    const res = await site(method, '/api/no-such-thing/here');
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toBeNull();
  }
});

test('short links answer as before: another method on a slug is 404, a POST is the password form', async () => {
  const link = await createLink(t, ws, { target: 'https://example.com/short', password: 'letmein-please' });
  for (const method of ['PUT', 'DELETE', 'PATCH']) {
    const res = await t.request(`/${link.slug}`, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toBeNull();
  }
  const form = await t.request(`/${link.slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_UA },
    body: new URLSearchParams({ password: 'letmein-please' }).toString(),
  });
  expect(form.status).toBe(302);
  expect(form.headers.get('location')).toBe('https://example.com/short');
});
