import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { rowsOf } from '../../core/db';
import { createLogger } from '../../core/logger';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';

/**
 * Property: whatever JSON (or non-JSON) arrives at any API endpoint, the answer is a 2xx (an
 * arbitrary body is sometimes a valid one) or a 4xx with `{error: string}` — never a 5xx, never a
 * crash, and a 4xx leaves every table as it was (no partial write). Bodies come from fast-check:
 * wrong types, nulls, huge and unicode strings, deep nesting, and near-valid objects built from the
 * field names the API actually uses. PATCH and PUT routes get the ids of real resources, so update
 * bodies are validated rather than stopped by a 404.
 */
let t: TestApp;
let key: string;
let workspaceId: string;
/** every line the app logged (level info and up) */
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({ log: createLogger('info', { write: (line: string) => void logLines.push(line) }) });
  ({ key, workspaceId } = await t.bootstrap({ plan: 'agency' }));
});
afterAll(() => t.close());

const FIELDS = [
  'name',
  'target',
  'slug',
  'domain',
  'title',
  'tags',
  'note',
  'utm_params',
  'expires_at',
  'fallback_url',
  'routing_rules',
  'rules',
  'ab_variants',
  'og_title',
  'og_image',
  'password',
  'redirect_type',
  'interstitial',
  'sequence',
  'deep_link',
  'template_id',
  'monitoring',
  'links',
  'ids',
  'link_ids',
  'email',
  'role',
  'url',
  'events',
  'active',
  'config',
  'csv',
  'format',
  'governance',
  'retargeting_scripts',
  'color',
  'description',
  'date_from',
  'date_to',
  'plan',
  'default_utm_params',
  'expired_page_url',
];

const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    'https://example.com/x',
    'javascript:alert(1)',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '\u0000',
    '💥'.repeat(100),
    'a'.repeat(5000),
    '2024-13-45',
    '-1',
    '1e309',
  ),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS, 'x', '__proto__', 'constructor'), tie('v'), { maxKeys: 5 }),
  ),
})).v;
const body = fc.oneof(value, fc.dictionary(fc.constantFrom(...FIELDS), value, { minKeys: 1, maxKeys: 8 }));

/** Every JSON-body route of the API but the admin ones; deleting the workspace is left out to keep it. */
function mutatingRoutes() {
  return t.app.routes
    .filter((r) => r.path.startsWith('/api/') && ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method))
    .filter((r) => !(r.method === 'DELETE' && r.path === '/api/workspaces/:wsId'))
    .filter((r) => !r.path.startsWith('/api/admin/'));
}

/** Real resources of a fresh workspace (rate limits are per workspace: each route gets its own). */
async function workspaceWithResources() {
  const ws = await t.bootstrap({ plan: 'agency' });
  const create = async (path: string, body: unknown) => {
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
    if (res.status !== 201 && res.status !== 200) throw new Error(`fixture ${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  const link = await create('/links', { target: 'https://example.com/fuzz', tags: ['fuzz'] });
  const ids: Record<string, string> = {
    wsId: ws.workspaceId,
    linkId: link.id,
    tagName: 'fuzz',
    userId: ws.userId,
    templateId: (await create('/templates', { name: 'Fuzz', config: { tags: ['fuzz'] } })).id,
    webhookId: (await create('/webhooks', { name: 'Fuzz', url: 'https://93.184.216.34/fuzz', events: ['link.created'] })).id,
    portfolioId: (await create('/portfolios', { name: 'Fuzz', slug: `fuzz-${crypto.randomUUID().slice(0, 8)}` })).id,
  };
  return { ...ws, ids };
}

/** A fingerprint of every table's rows (`last_used_at` of API keys moves on reads, deliveries follow earlier events). */
async function snapshot(): Promise<string> {
  await t.deps.bus.settle();
  const tables = rowsOf<{ name: string }>(
    await t.deps.db.execute(
      sql`select tablename as name from pg_tables where schemaname = current_schema() and tablename not in ('webhook_deliveries', '__drizzle_migrations')`,
    ),
  );
  const parts = await Promise.all(
    tables.map(async ({ name }) => {
      const [row] = rowsOf<{ h: string | null }>(
        await t.deps.db.execute(
          sql.raw(`select md5(string_agg((to_jsonb(x) - 'last_used_at')::text, '|' order by (to_jsonb(x) - 'last_used_at')::text)) as h from "${name}" x`),
        ),
      );
      return `${name}:${row?.h ?? ''}`;
    }),
  );
  return parts.sort().join(' ');
}

test('no JSON body makes any endpoint answer 5xx, and a 4xx writes nothing', async () => {
  const routes = mutatingRoutes();
  expect(routes.length).toBeGreaterThan(30);
  const failures: string[] = [];
  let validated = 0;
  for (const route of routes) {
    const { key, ids } = await workspaceWithResources();
    const realIds = route.method === 'PATCH' || route.method === 'PUT' || route.path.endsWith('/portfolios/:portfolioId/links');
    await fc
      .assert(
        fc.asyncProperty(body, fc.constantFrom('x', crypto.randomUUID(), '0', '%00', 'a'.repeat(300)), async (payload, id) => {
          const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(name === 'wsId' || (realIds && ids[name]) ? ids[name]! : id));
          const before = await snapshot();
          const res = await t.app.handle(
            new Request(`http://linkhop.test${path}`, {
              method: route.method,
              headers: { 'x-api-key': key, 'content-type': 'application/json' },
              body: JSON.stringify(payload),
            }),
          );
          const text = await res.text();
          const sent = `${route.method} ${route.path} ${res.status} ${text.slice(0, 200)} ← ${JSON.stringify(payload).slice(0, 200)}`;
          if (res.status >= 500 || (res.status >= 400 && typeof safeJson(text)?.error !== 'string')) {
            failures.push(sent);
            return false;
          }
          if (res.status >= 400) {
            if ((await snapshot()) !== before) {
              failures.push(`partial write: ${sent}`);
              return false;
            }
            if (res.status !== 404 && res.status !== 429) validated++;
          }
          return true;
        }),
        { numRuns: 25, seed: 4242, endOnFailure: true },
      )
      // a thrown error (not only a `false`) is a failure too
      .catch((error) => failures.push(`${route.method} ${route.path}: ${String(error).slice(0, 300)}`));
  }
  expect(failures).toEqual([]);
  // the bodies reached validation on most routes (not only 404s and rate limits)
  expect(validated).toBeGreaterThan(routes.length * 10);
}, 600_000);

test('malformed, non-JSON and oversized bodies never cause a 5xx', async () => {
  const path = `/api/workspaces/${workspaceId}`;
  for (const [contentType, payload] of [
    ['application/json', '{"name": "unterminated'],
    ['text/plain', 'name=x'],
    ['application/x-www-form-urlencoded', 'name=%ZZ'],
    ['application/json', JSON.stringify({ name: 'x'.repeat(2_000_000) })],
  ] as const) {
    const res = await t.app.handle(
      new Request(`http://linkhop.test${path}`, { method: 'PATCH', headers: { 'x-api-key': key, 'content-type': contentType }, body: payload }),
    );
    expect({ contentType, status: res.status < 500 }).toEqual({ contentType, status: true });
    if (payload.includes('unterminated') || payload.length > 1_000_000) expect(res.status).toBe(400);
  }
});

/**
 * Text and dates PostgreSQL refuses (NUL, lone UTF-16 surrogates, years outside 1–9999), in every
 * path parameter, query parameter and JSON body field of every operation of the served OpenAPI
 * document (new routes are covered as they are documented): always a 400 naming the field, never a
 * 5xx, and no statement or parameter in the log. Other path parameters are real ids.
 */
const UNSTORABLE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy'];
const EXTREME_DATES = ['0000-01-01', '10000-01-01', '+275760-09-13', '-000001-01-01', '0000-12-31T23:59:59Z', '+010000-01-01T00:00:00.000Z'];
const HOSTILE = [...UNSTORABLE_TEXT, ...EXTREME_DATES];
/** A lone surrogate has no UTF-8 form: in a URL it can only come as the bytes of one (WTF-8), which do not decode. */
const inUrl = (value: string) => (value.isWellFormed() ? encodeURIComponent(value) : '%ED%A0%80');

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** the documented example body (valid, so that the one hostile value is what reaches the database) */
  body?: Record<string, unknown>;
  /** the body's top-level fields */
  fields: string[];
}

async function documentedOperations(): Promise<Operation[]> {
  const doc: any = await (await t.app.handle(new Request('http://linkhop.test/api/openapi.json'))).json();
  return Object.entries<any>(doc.paths).flatMap(([path, item]) =>
    Object.entries<any>(item).map(([method, op]) => {
      const params: any[] = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const json = op.requestBody?.content?.['application/json'];
      const example = json?.schema?.example ?? json?.example;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: json ? (typeof example === 'object' ? example : {}) : undefined,
        fields: Object.keys(json?.schema?.properties ?? {}),
      };
    }),
  );
}

/** Where a value can go in a body: every string of the example, at any depth, and every top-level field. */
function bodyPositions(op: Operation): string[][] {
  const strings = (value: unknown, path: string[]): string[][] => {
    if (typeof value === 'string') return [path];
    if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, [...path, String(i)]));
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => strings(item, [...path, key]));
    return [];
  };
  const all = [...op.fields.map((field) => [field]), ...strings(op.body, [])];
  return [...new Map(all.map((position) => [position.join('.'), position])).values()];
}

function withValue(body: unknown, [head, ...rest]: string[], value: string): unknown {
  if (head === undefined) return value;
  const copy: any = Array.isArray(body) ? [...body] : { ...(body as object) };
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

test('NUL, lone surrogates and extreme dates in any path, query or body field of any documented route: 400 naming the field, never a 5xx, no SQL logged', async () => {
  const operations = await documentedOperations();
  expect(operations.length).toBeGreaterThan(80);
  const failures: string[] = [];
  let sent = 0;
  for (const op of operations) {
    const { key, ids } = await workspaceWithResources();
    // `at`: where the value is, as the answer's `field` names it (`links.0.title`)
    const send = async (where: string, field: string, value: string, pathValues: Record<string, string>, query: string, body?: unknown, at = field) => {
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? encodeURIComponent(ids[name] ?? 'x'));
      const headers: Record<string, string> = op.path.startsWith('/api/admin/') ? { authorization: `Bearer ${ADMIN_TOKEN}` } : { 'x-api-key': key };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await t.app.handle(
        new Request(`http://linkhop.test${path}${query}`, { method: op.method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      );
      sent++;
      const text = await res.text();
      const answer = safeJson(text);
      const error = answer?.error;
      // a lone surrogate in a URL does not decode: the parameter is refused (or taken as its raw text), but never a 5xx
      const named = where === 'body' || value.isWellFormed();
      const expected = res.status === 400 && typeof error === 'string' && (!named || (error.includes(field) && answer.field === at));
      if (!(expected || (!named && res.status < 500)))
        failures.push(`${op.method} ${op.path} ${where} ${field}=${JSON.stringify(value)}: ${res.status} ${text.slice(0, 160)}`);
    };
    for (const value of HOSTILE) {
      for (const name of op.pathParams) await send('path', name, value, { [name]: inUrl(value) }, '', op.body);
      for (const name of op.queryParams) await send('query', name, value, {}, `?${name}=${inUrl(value)}`, op.body);
      for (const position of op.body ? bodyPositions(op) : []) await send('body', position.at(-1)!, value, {}, '', withValue(op.body, position, value), position.join('.'));
    }
  }
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(1000);
  console.log(`${sent} hostile requests over ${operations.length} documented operations`);
  // the short-link lane (createFetch → redirector, or the app's /:slug when the path needs decoding)
  for (const slug of ['%00', 'a%00b', '%ED%A0%80', '0000-01-01', '10000-01-01'])
    for (const method of ['GET', 'HEAD', 'POST'])
      expect({ slug, method, status: (await t.request(`/${slug}`, { method })).status < 500 }).toEqual({ slug, method, status: true });
  // a form body is checked as a JSON one
  const form = await t.app.handle(
    new Request('http://linkhop.test/api/session/sign-in-link', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%00b%40example.com',
    }),
  );
  expect({ status: form.status, body: await form.json() }).toEqual({
    status: 400,
    body: { error: 'Invalid email: contains a NUL character', field: 'email', code: 'invalid' },
  });
  // and so is a field's name, at any depth (jsonb refuses a NUL in a key as in a value)
  const named = await t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/', utm_params: { 'a\u0000': 'x' } } });
  expect({ status: named.status, body: named.body }).toEqual({
    status: 400,
    body: { error: 'Invalid field name "a?" in utm_params: contains a NUL character', field: 'utm_params', code: 'invalid' },
  });
  const leaked = logLines.filter((line) => /Failed query|\bparams\b|\b(select|insert into|update|delete from)\b.*"/i.test(line));
  expect(leaked).toEqual([]);
}, 120_000);

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
