import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * The full-fidelity export (`GET …/export/links?format=jsonl`) read back by the import: into an
 * empty workspace, every link comes back with every field the API accepts (the password aside,
 * which leaves only as a hash and so never leaves), its slug, creation and update dates, and its
 * clicks (measured and imported) as imported clicks.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Ws = { workspaceId: string; key: string };
const api = (ws: Ws, method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });

async function workspaceWithDomain() {
  const ws = await t.bootstrap({ plan: 'agency' });
  const domain = `full-${Date.now().toString(36)}.example.com`;
  expect((await api(ws, 'POST', '/domains', { domain })).status).toBe(201);
  return { ...ws, domain };
}

const everything = (domain: string) => ({
  domain,
  slug: 'spring-sale',
  target: 'https://example.com/spring',
  title: 'Spring sale <script>alert(1)</script>',
  tags: ['spring', 'q4-campaign'],
  note: 'line one\nline two, "quoted"',
  utm_params: { source: 'news', medium: 'email', campaign: 'spring' },
  expires_at: '2099-01-01T00:00:00.000Z',
  fallback_url: 'https://example.com/ended',
  routing_rules: { geo: { DE: 'https://de.example.com/' } },
  rules: [{ name: 'mobile', conditions: [{ field: 'device', operator: 'eq', value: 'mobile' }], action: { type: 'redirect', url: 'https://m.example.com/' } }],
  ab_variants: [
    { name: 'A', url: 'https://a.example.com/', weight: 70 },
    { name: 'B', url: 'https://b.example.com/', weight: 30 },
  ],
  og_title: 'OG title',
  og_description: 'OG description',
  og_image: 'https://example.com/og.png',
  redirect_type: 301,
  interstitial: { title: 'One moment' },
  monitoring: true,
  track_conversions: true,
  external_id: 'crm-42',
});

/** What must survive: every field but the identity, the short URL's host part, and the click totals (compared apart). */
const comparable = ({ id, workspace_id, short_url, click_count, has_password, ...fields }: Record<string, unknown>) => fields;

test('export as JSON Lines, import into an empty workspace: every link field back, field by field', async () => {
  const ws = await workspaceWithDomain();
  const made = [
    await api(ws, 'POST', '/links', everything(ws.domain)),
    await api(ws, 'POST', '/links', {
      domain: ws.domain,
      slug: 'seq',
      target: 'https://example.com/s',
      sequence: { urls: [{ url: 'https://one.example.com/' }, { url: 'https://two.example.com/' }] },
    }),
    await api(ws, 'POST', '/links', { domain: ws.domain, slug: 'mobile-app', target: 'https://example.com/app', deep_link: { ios_app_url: 'myapp://x' } }),
  ];
  for (const res of made) expect([res.status, res.body.error]).toEqual([201, undefined]);
  // a link imported earlier, with its tool's date and clicks
  const earlier = await api(ws, 'POST', '/import/links', {
    csv: 'keyword,url,title,timestamp,ip,clicks\ngh,https://github.com/x,GH,2023-11-02 14:20:11,203.0.113.7,88',
    domain: ws.domain,
  });
  expect(earlier.body.created).toBe(1);

  const before = (await api(ws, 'GET', '/links?limit=100')).body.links as Record<string, unknown>[];
  expect(before).toHaveLength(4);
  const exported = await api(ws, 'GET', '/export/links?format=jsonl');
  expect(exported.status).toBe(200);
  expect(exported.headers.get('content-type')).toStartWith('application/x-ndjson');
  expect(exported.headers.get('content-disposition')).toMatch(/filename=links-.+\.jsonl$/);
  const text = exported.text;
  const lines = text.trimEnd().split('\n');
  expect(lines).toHaveLength(4);
  expect(text).not.toContain('password_hash');
  const gh = lines.map((line) => JSON.parse(line)).find((l) => l.slug === 'gh');
  expect(gh).toMatchObject({ imported_clicks: 88, imported_from: 'yourls', created_at: '2023-11-02T14:20:11.000Z' });

  // the workspace emptied, the file imported back
  for (const link of before) expect((await api(ws, 'DELETE', `/links/${link.id}`)).status).toBe(200);
  expect((await api(ws, 'GET', '/links')).body.total).toBe(0);
  const back = await api(ws, 'POST', '/import/links', { csv: text });
  expect(back.status).toBe(201);
  expect(back.body).toMatchObject({ format: 'linkhop', created: 4, skipped: 0, errors: [], warnings: [] });

  const after = (await api(ws, 'GET', '/links?limit=100')).body.links as Record<string, unknown>[];
  const bySlug = (list: Record<string, unknown>[]) => Object.fromEntries(list.map((l) => [l.slug as string, l]));
  const [was, now] = [bySlug(before), bySlug(after)];
  expect(Object.keys(now).sort()).toEqual(Object.keys(was).sort());
  // the list answers each link whole (every Link field); so does the import's result
  for (const slug of Object.keys(was)) expect(comparable(now[slug]!)).toEqual(comparable(was[slug]!));
  expect(Object.keys(was['spring-sale']!)).toContain('ab_variants');
  // clicks come back as imported: the earlier import's 88, still apart from measured clicks
  const stats = await api(ws, 'GET', `/links/${now.gh!.id}/stats`);
  expect(stats.body).toMatchObject({ imported_clicks: 88, imported_from: 'yourls', total_clicks: 0 });
});

test('a password is never exported: the line says the link had one, the import warns; a domain not the workspace’s falls back with a warning', async () => {
  const ws = await workspaceWithDomain();
  expect((await api(ws, 'POST', '/links', { target: 'https://example.com/p', password: 'correct horse battery' })).status).toBe(201);
  const text = (await api(ws, 'GET', '/export/links?format=jsonl')).text;
  const line = JSON.parse(text);
  expect(line.has_password).toBe(true);
  expect(Object.keys(line).some((k) => k.includes('password') && k !== 'has_password')).toBe(false);

  const other = await t.bootstrap({ plan: 'agency' });
  const res = await api(other, 'POST', '/import/links', { csv: text });
  expect(res.status).toBe(201);
  // on the default domain a generated slug is not kept either (it names the old link)
  expect(res.body.warnings.map((w: { field: string }) => w.field).sort()).toEqual(['password', 'slug']);

  const foreign = JSON.stringify({ ...line, domain: ws.domain, slug: 'mine' });
  const moved = await api(other, 'POST', '/import/links', { csv: foreign });
  expect(moved.body.warnings).toContainEqual({
    row: 1,
    line: 1,
    field: 'domain',
    reason: expect.stringContaining(`"${ws.domain}" is not one of this workspace's`),
  });
  expect(moved.body.links[0].domain).not.toBe(ws.domain);
});

test('JSON Lines: a line that is not a link is that row’s error; the others import', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const text = ['{"target":"https://example.com/1"}', 'not json', '[1,2]', '{"title":"no target"}', '{"target":"https://example.com/5","tags":["a"]}'].join(
    '\n',
  );
  const res = await api(ws, 'POST', '/import/links', { csv: text });
  expect(res.status).toBe(201);
  expect(res.body.created).toBe(2);
  expect(res.body.errors).toEqual([
    { row: 2, line: 2, reason: 'Not a link: each line is a JSON object', code: 'invalid' },
    { row: 3, line: 3, reason: 'Not a link: each line is a JSON object', code: 'invalid' },
    { row: 4, line: 4, reason: 'Missing target URL', field: 'target', code: 'required' },
  ]);
});
