import { afterAll, beforeAll, expect, test } from 'bun:test';
import fc from 'fast-check';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * Property: whatever JSON (or non-JSON) arrives at any API endpoint, the answer is a 2xx or a
 * 4xx with `{error: string}` — never a 5xx, never a crash. Bodies come from fast-check: wrong
 * types, nulls, huge and unicode strings, deep nesting, and near-valid objects built from the
 * field names the API actually uses.
 */
let t: TestApp;
let key: string;
let workspaceId: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ key, workspaceId } = await t.bootstrap({ plan: 'agency' }));
});
afterAll(() => t.close());

const FIELDS = [
  'name', 'target', 'slug', 'domain', 'title', 'tags', 'note', 'utm_params', 'expires_at', 'fallback_url', 'routing_rules', 'rules',
  'ab_variants', 'og_title', 'og_image', 'password', 'redirect_type', 'interstitial', 'sequence', 'deep_link', 'template_id', 'monitoring',
  'links', 'ids', 'link_ids', 'email', 'role', 'url', 'events', 'active', 'config', 'csv', 'format', 'governance', 'retargeting_scripts',
  'color', 'description', 'date_from', 'date_to', 'plan', 'default_utm_params', 'expired_page_url',
];

const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', 'https://example.com/x', 'javascript:alert(1)', '<script>alert(1)</script>', '../../etc/passwd', '\u0000', '💥'.repeat(100), 'a'.repeat(5000), '2024-13-45', '-1', '1e309'),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELDS, 'x', '__proto__', 'constructor'), tie('v'), { maxKeys: 5 })),
})).v;
const body = fc.oneof(value, fc.dictionary(fc.constantFrom(...FIELDS), value, { minKeys: 1, maxKeys: 8 }));

/** Every JSON-body route of the API, with `:wsId` filled and other ids random. */
function mutatingRoutes() {
  return t.app.routes
    .filter((r) => r.path.startsWith('/api/') && ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method))
    .filter((r) => !(r.method === 'DELETE' && r.path === '/api/workspaces/:wsId')) // keep the workspace alive
    .filter((r) => !r.path.startsWith('/api/admin/'));
}

test('no JSON body makes any endpoint answer 5xx', async () => {
  const routes = mutatingRoutes();
  expect(routes.length).toBeGreaterThan(3);
  const failures: string[] = [];
  for (const route of routes) {
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('x', crypto.randomUUID(), '0', '%00', 'a'.repeat(300)), async (payload, id) => {
        const path = route.path.replace(':wsId', workspaceId).replace(/:(\w+)/g, () => encodeURIComponent(id));
        const res = await t.app.handle(
          new Request(`http://linkhop.test${path}`, { method: route.method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(payload) }),
        );
        const text = await res.text();
        if (res.status >= 500 || (res.status >= 400 && typeof safeJson(text)?.error !== 'string')) {
          failures.push(`${route.method} ${route.path} ${res.status} ${text.slice(0, 200)} ← ${JSON.stringify(payload).slice(0, 200)}`);
          return false;
        }
        return true;
      }),
      { numRuns: 25, seed: 4242, endOnFailure: true },
    ).catch(() => {});
  }
  expect(failures).toEqual([]);
}, 300_000);

test('malformed, non-JSON and oversized bodies never cause a 5xx', async () => {
  const path = `/api/workspaces/${workspaceId}`;
  for (const [contentType, payload] of [
    ['application/json', '{"name": "unterminated'],
    ['text/plain', 'name=x'],
    ['application/x-www-form-urlencoded', 'name=%ZZ'],
    ['application/json', JSON.stringify({ name: 'x'.repeat(2_000_000) })],
  ] as const) {
    const res = await t.app.handle(new Request(`http://linkhop.test${path}`, { method: 'PATCH', headers: { 'x-api-key': key, 'content-type': contentType }, body: payload }));
    expect({ contentType, status: res.status < 500 }).toEqual({ contentType, status: true });
    if (payload.includes('unterminated') || payload.length > 1_000_000) expect(res.status).toBe(400);
  }
});

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
