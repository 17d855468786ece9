import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
type Ws = { workspaceId: string; key: string; userId: string };
let ws: Ws;
let slug: string;
let links: { id: string; slug: string; title: string | null; target: string }[];

const LINK_COLUMNS = ['id', 'domain', 'slug', 'target', 'title', 'click_count', 'created_at', 'updated_at'];
const CLICK_COLUMNS = ['id', 'link_id', 'domain', 'slug', 'clicked_at', 'country', 'referer', 'browser', 'os', 'device'];

/** Strict parse: every row has exactly the header's fields, and no parser error at all. */
function parseStrict(text: string) {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true });
  expect(parsed.errors).toEqual([]);
  return { columns: parsed.meta.fields, rows: parsed.data };
}

const titles = [
  '=HYPERLINK("http://evil")',
  '+1+2',
  '-3',
  '@SUM(1)',
  'tab (set below)',
  'Comma, "quotes"\nand a newline',
  '=1+1\n=2+2',
  'carriage return (set below)',
  'plain title',
  'leading space (set below)',
  'leading no-break space (set below)',
  'leading newline (set below)',
  'leading zero-width space (set below)',
  'leading control (set below)',
];

beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ name: 'Export Co' });
  slug = (await t.api('GET', `/workspaces/${ws.workspaceId}`, { key: ws.key })).body.slug;
  const csv = Papa.unparse({ fields: ['url', 'title'], data: titles.map((title, i) => [`https://example.com/${i}`, title]) });
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links`, { key: ws.key, body: { csv } });
  expect(res.status).toBe(201);
  expect(res.body.created).toBe(titles.length);
  links = res.body.links;
  // import trims cells: the tab and carriage-return titles are set through the API
  for (const [i, title] of [
    [4, '\tTabbed'],
    [7, '\rCarriage'],
    [9, ' =1+1'],
    [10, '\u00a0+cmd|calc'],
    [11, '\n-2+3'],
    [12, '\u200b@SUM(1)'],
    [13, '\u0007=1'],
  ] as const) {
    expect((await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${links[i]!.id}`, { key: ws.key, body: { title } })).status).toBe(200);
  }
});
afterAll(() => t.close());

const exportOf = (what: 'links' | 'clicks', key = ws.key, workspaceId = ws.workspaceId) => t.api('GET', `/workspaces/${workspaceId}/export/${what}`, { key });

describe('links export', () => {
  test('text/csv attachment named links-<workspace slug>.csv, the spec columns exactly, every link', async () => {
    const res = await exportOf('links');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/csv');
    expect(slug).toMatch(/^export-co/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=links-${slug}.csv`);
    const { columns, rows } = parseStrict(res.text);
    expect(columns).toEqual(LINK_COLUMNS);
    expect(rows).toHaveLength(titles.length);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const link of links) {
      const row = byId.get(link.id)!;
      expect(row).toMatchObject({ domain: 'go.linkhop.test', slug: link.slug, target: link.target, click_count: '0' });
      expect(new Date(row.created_at!).toISOString()).toBe(row.created_at!);
      expect(new Date(row.updated_at!).toISOString()).toBe(row.updated_at!);
    }
  });

  test('formula cells are neutralised with a leading quote; quoting follows RFC 4180 (CRLF, doubled quotes)', async () => {
    const res = await exportOf('links');
    const exported = new Map(parseStrict(res.text).rows.map((r) => [r.target, r.title]));
    expect(exported.get('https://example.com/0')).toBe(`'=HYPERLINK("http://evil")`);
    expect(exported.get('https://example.com/1')).toBe(`'+1+2`);
    expect(exported.get('https://example.com/2')).toBe(`'-3`);
    expect(exported.get('https://example.com/3')).toBe(`'@SUM(1)`);
    expect(exported.get('https://example.com/4')).toBe(`'\tTabbed`);
    expect(exported.get('https://example.com/5')).toBe('Comma, "quotes"\nand a newline');
    expect(exported.get('https://example.com/6')).toBe(`'=1+1\n=2+2`);
    expect(exported.get('https://example.com/7')).toBe(`'\rCarriage`);
    expect(exported.get('https://example.com/8')).toBe('plain title');
    // whitespace or a control/format character before the formula sign: spreadsheets skip it
    expect(exported.get('https://example.com/9')).toBe(`' =1+1`);
    expect(exported.get('https://example.com/10')).toBe(`'\u00a0+cmd|calc`);
    expect(exported.get('https://example.com/11')).toBe(`'\n-2+3`);
    expect(exported.get('https://example.com/12')).toBe(`'\u200b@SUM(1)`);
    expect(exported.get('https://example.com/13')).toBe(`'\u0007=1`);
    // raw text: records end in CRLF, quotes inside a quoted cell are doubled
    expect(res.text.startsWith(`${LINK_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.text).toContain('"Comma, ""quotes""\nand a newline"');
  });

  test('walks more than one page (keyset) without losing or repeating a link', async () => {
    const big = await t.bootstrap();
    // test-only seed: 2,345 links in one statement (ids out of creation order on purpose)
    await t.deps.db.execute(sql`
      insert into links (id, workspace_id, domain, slug, target, created_by)
      select md5(g::text), ${big.workspaceId}, 'go.linkhop.test', 'seed' || g, 'https://example.com/' || g, ${big.userId}
      from generate_series(1, 2345) g`);
    const { rows } = parseStrict((await exportOf('links', big.key, big.workspaceId)).text);
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2345);
    expect(new Set(rows.map((r) => r.slug))).toEqual(new Set(Array.from({ length: 2345 }, (_, i) => `seed${i + 1}`)));
  });

  test('an empty workspace exports only the header', async () => {
    const empty = await t.bootstrap();
    const res = await exportOf('links', empty.key, empty.workspaceId);
    expect(res.status).toBe(200);
    expect(res.text).toBe(LINK_COLUMNS.join(','));
  });
});

describe('clicks export', () => {
  const SEEDED = 10_005;

  beforeAll(async () => {
    // test-only seed: 10,005 clicks in one statement; pairs share a timestamp (ties ordered by id)
    // and microseconds vary (a millisecond cursor would skip rows)
    const [a, b] = links;
    await t.deps.db.execute(sql`
      insert into clicks (id, link_id, workspace_id, clicked_at, country, referer, browser, os, device)
      select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
             (case when g % 2 = 0 then ${a!.id} else ${b!.id} end)::uuid,
             ${ws.workspaceId}::uuid,
             timestamptz '2026-01-01 00:00:00+00' + (g / 2) * interval '1 second' + (g % 3) * interval '1 microsecond',
             'DE',
             case when g = ${SEEDED - 1} then '@SUM(1)' when g = ${SEEDED} then 'https://ref.example/?a=1,b="2"' else null end,
             'Chrome', 'Linux', 'desktop'
      from generate_series(1, ${SEEDED}) g`);
  });

  test('the most recent 10,000 by clicked_at descending, spec columns, neutralised cells', async () => {
    const res = await exportOf('clicks');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=clicks-${slug}.csv`);
    const { columns, rows } = parseStrict(res.text);
    expect(columns).toEqual(CLICK_COLUMNS);
    expect(rows).toHaveLength(10_000);

    const expected = await t.deps.db.execute<{ id: string }>(
      sql`select id from clicks where workspace_id = ${ws.workspaceId} order by clicked_at desc, id desc limit 10000`,
    );
    const expectedIds = ((expected as any).rows ?? expected).map((r: { id: string }) => r.id);
    expect(rows.map((r) => r.id)).toEqual(expectedIds);
    // g = 10004 is 2 µs later than g = 10005 (same second): microseconds count
    const idOf = (g: number) => `00000000-0000-4000-8000-${String(g).padStart(12, '0')}`;
    expect(rows.slice(0, 2).map((r) => r.id)).toEqual([idOf(10004), idOf(10005)]);
    // the 5 oldest are left out
    expect(rows.some((r) => [1, 2, 3, 4, 5].map(idOf).includes(r.id!))).toBe(false);

    const times = rows.map((r) => Date.parse(r.clicked_at!));
    expect(times.every((ms, i) => i === 0 || ms <= times[i - 1]!)).toBe(true);
    expect(rows[0]).toMatchObject({
      link_id: links[0]!.id,
      domain: 'go.linkhop.test',
      slug: links[0]!.slug,
      country: 'DE',
      referer: `'@SUM(1)`,
      browser: 'Chrome',
      os: 'Linux',
      device: 'desktop',
    });
    expect(rows[1]!.referer).toBe('https://ref.example/?a=1,b="2"');
    expect(rows[2]!.referer).toBe('');
    expect(rows[0]!.clicked_at).toBe(new Date(rows[0]!.clicked_at!).toISOString());
  }, 60_000);

  test('streamed: the header arrives before the rows are read from the database', async () => {
    const res = await t.app.handle(new Request(`http://linkhop.test/api/workspaces/${ws.workspaceId}/export/clicks`, { headers: { 'x-api-key': ws.key } }));
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(CLICK_COLUMNS.join(','));
    const second = await reader.read();
    // one page of at most 1,000 rows per chunk
    expect(new TextDecoder().decode(second.value).split('\r\n').filter(Boolean)).toHaveLength(1000);
    await reader.cancel();
  });

  test('a workspace without clicks exports only the header', async () => {
    const empty = await t.bootstrap();
    expect((await exportOf('clicks', empty.key, empty.workspaceId)).text).toBe(CLICK_COLUMNS.join(','));
  });
});

describe('guards', () => {
  for (const what of ['links', 'clicks'] as const) {
    test(`${what}: 401 without a key, 404 other workspace, 403 below admin; admin allowed`, async () => {
      expect((await t.api('GET', `/workspaces/${ws.workspaceId}/export/${what}`)).status).toBe(401);
      expect((await exportOf(what, 'lh_nope')).status).toBe(401);
      const other = await t.bootstrap();
      expect((await exportOf(what, other.key)).status).toBe(404);
      for (const role of ['viewer', 'editor'] as const) {
        const member = await memberWithKey(t, ws.workspaceId, role);
        const res = await exportOf(what, member.key);
        expect(res.status).toBe(403);
        expect(res.body.error).toBe(`This action needs the admin role or higher; you are ${role}`);
      }
      const admin = await memberWithKey(t, ws.workspaceId, 'admin');
      expect((await exportOf(what, admin.key)).status).toBe(200);
    });
  }
});
