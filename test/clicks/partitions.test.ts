import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../core/config';
import { rowsOf } from '../../core/db';
import { closeFacetDays } from '../../modules/clicks/facets';
import { dropExpiredClicks, ensureClickPartitions, pruneClickBookkeeping } from '../../modules/clicks/maintenance';
import { startTestApp, type TestApp } from '../helpers/app';
import { TEST_DATABASE_URL } from '../helpers/db';
import { needs } from '../helpers/needs';
import { seedClicks, storedClicks } from '../helpers/clicks';
import { createLink, type Ws } from '../links/fixtures';

let t: TestApp;
let ws: Ws;
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
});
afterAll(() => t.close());

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.deps.db.execute(q));
const partitionOf = async (linkId: string) =>
  (await query<{ p: string }>(sql`select tableoid::regclass::text as p from clicks where link_id = ${linkId}`)).map((r) => r.p);

test('a click of a month without a partition is kept in the default one, and moves into its month when the partition is made', async () => {
  const link = { ...(await createLink(t, ws, { target: 'https://example.com/future' })), workspace_id: ws.workspaceId };
  await seedClicks(t, link, [{ at: new Date('2031-06-10T08:00:00Z'), country: 'DE' }, { at: new Date('2031-06-11T08:00:00Z') }]);
  expect(await partitionOf(link.id)).toEqual(['clicks_default', 'clicks_default']);
  expect(await ensureClickPartitions(t.deps.db, new Date('2031-05-15T00:00:00Z'))).toEqual(['clicks_2031_05', 'clicks_2031_06', 'clicks_2031_07']);
  expect(await partitionOf(link.id)).toEqual(['clicks_2031_06', 'clicks_2031_06']);
  expect(await storedClicks(t.deps.db, [link.id])).toEqual({ rows: 2, counted: 2 });
  // a second pass makes nothing
  expect(await ensureClickPartitions(t.deps.db, new Date('2031-05-15T00:00:00Z'))).toEqual([]);
});

test('CLICK_RETENTION_DAYS drops whole partitions older than the cutoff; the rollups stay', async () => {
  const link = { ...(await createLink(t, ws, { target: 'https://example.com/old' })), workspace_id: ws.workspaceId };
  await seedClicks(t, link, [{ at: new Date('2031-05-20T08:00:00Z') }, { at: new Date('2031-07-02T08:00:00Z') }]);
  // cutoff 2031-07-16: May and June end before it, July does not
  const dropped = await dropExpiredClicks(t.deps.db, 30, new Date('2031-08-15T00:00:00Z'));
  expect(dropped.filter((name) => name.startsWith('clicks_2031')).sort()).toEqual(['clicks_2031_05', 'clicks_2031_06']);
  // the months made at migration (this year's) are older still
  expect(dropped).toContain(`clicks_${new Date().getUTCFullYear()}_${String(new Date().getUTCMonth() + 1).padStart(2, '0')}`);
  expect(await partitionOf(link.id)).toEqual(['clicks_2031_07']);
  const [hours] = await query<{ n: number }>(sql`select sum(clicks)::int as n from click_link_hours where link_id = ${link.id}`);
  expect(hours!.n).toBe(2);
  // the month's raw clicks are gone, the link's total is not
  expect(await storedClicks(t.deps.db, [link.id])).toEqual({ rows: 1, counted: 2 });
});

test('visitor hashes and salts are deleted two days after their day', async () => {
  const link = { ...(await createLink(t, ws, { target: 'https://example.com/visitors' })), workspace_id: ws.workspaceId };
  await seedClicks(t, link, [
    { at: new Date('2031-07-03T08:00:00Z'), visitor: 7 },
    { at: new Date('2031-07-05T08:00:00Z'), visitor: 7 },
  ]);
  const days = async () =>
    (await query<{ day: string }>(sql`select day::text as day from click_salts where day >= '2031-07-01' order by day`)).map((r) => r.day);
  expect(await days()).toEqual(['2031-07-03', '2031-07-05']);
  await pruneClickBookkeeping(t.deps.db, new Date('2031-07-06T12:00:00Z'));
  expect(await days()).toEqual(['2031-07-05']);
  const [visitors] = await query<{ n: number }>(sql`select count(*)::int as n from click_visitors where scope = ${link.id}`);
  expect(visitors!.n).toBe(1);
});

test('CLICK_RETENTION_DAYS must be a positive whole number', () => {
  expect(loadConfig({ CLICK_RETENTION_DAYS: '90' }).clickRetentionDays).toBe(90);
  expect(loadConfig({}).clickRetentionDays).toBeUndefined();
  for (const bad of ['0', '-1', '1.5', 'ninety']) expect(() => loadConfig({ CLICK_RETENTION_DAYS: bad })).toThrow(/CLICK_RETENTION_DAYS/);
});

test("a database's first facet closing closes every day so far, today's included: tomorrow is the first open day", async () => {
  const until = async () => (await query<{ until: string }>(sql`select until::text as until from click_facets_closed`)).map((r) => r.until);
  // before it, every day is closed: each batch writes its facet rows
  expect(await until()).toEqual([]);
  const link = { ...(await createLink(t, ws, { target: 'https://example.com/facets' })), workspace_id: ws.workspaceId };
  await seedClicks(t, link, [{ country: 'DE' }]);
  const facetClicks = async () =>
    (await query<{ n: number }>(sql`select coalesce(sum(clicks), 0)::int as n from click_link_facets where link_id = ${link.id} and period = 'd'`))[0]!.n;
  expect(await facetClicks()).toBe(1);
  expect(await closeFacetDays(t.deps.db)).toEqual([]);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  expect(await until()).toEqual([tomorrow]);
  // today is still a closed ("late") day
  await seedClicks(t, link, [{ country: 'FR' }]);
  expect(await facetClicks()).toBe(2);
  // a click of tomorrow waits in the raw clicks for its day to close
  await seedClicks(t, link, [{ at: new Date(`${tomorrow}T10:00:00Z`), country: 'FR' }]);
  expect(await facetClicks()).toBe(2);
  expect(await closeFacetDays(t.deps.db, new Date(`${tomorrow}T23:59:00Z`))).toEqual([]);
  expect(await closeFacetDays(t.deps.db, new Date(Date.parse(`${tomorrow}T00:00:00Z`) + 86_400_000 + 16 * 60_000))).toEqual([tomorrow]);
  expect(await facetClicks()).toBe(3);
});

test('a closed day and a late click of it name odd referrers alike: the closing in SQL, the batch in JavaScript', async () => {
  const link = { ...(await createLink(t, ws, { target: 'https://example.com/odd-referrers' })), workspace_id: ws.workspaceId };
  const [{ until }] = await query<{ until: string }>(sql`select until::text as until from click_facets_closed`);
  const referers = [
    'HTTPS://WWW.Example.COM/Path?q=1',
    'android-app://Com.Slack',
    'Ärger ohne URL',
    'http://user@host:8080/',
    '"quoted"\\back',
    'ftp://Ünï.example/',
  ];
  // the first open day: rolled up by the closing from the raw rows
  await seedClicks(
    t,
    link,
    referers.map((referer) => ({ at: new Date(`${until}T12:00:00Z`), referer })),
  );
  const next = new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000 + 16 * 60_000);
  expect(await closeFacetDays(t.deps.db, next)).toEqual([until]);
  // the same referrers on that day again, now closed: rolled up by the batch
  await seedClicks(
    t,
    link,
    referers.map((referer) => ({ at: new Date(`${until}T13:00:00Z`), referer })),
  );
  const rows = await query<{ referrer: string; clicks: number }>(
    sql`select referrer, clicks::int as clicks from click_link_facets where link_id = ${link.id} and period = 'd' order by referrer collate "C"`,
  );
  expect(rows).toHaveLength(referers.length);
  for (const row of rows) expect(row.clicks).toBe(2);
});

const onPostgres = needs(
  Boolean(TEST_DATABASE_URL),
  'partitions.test.ts (closing behind a storing transaction)',
  'TEST_DATABASE_URL (PGlite runs one transaction at a time)',
);
test.skipIf(!onPostgres)(
  'a closing that waits 10 s behind a transaction holding the facet days gives up, and storing goes on meanwhile',
  async () => {
    const link = { ...(await createLink(t, ws, { target: 'https://example.com/lock' })), workspace_id: ws.workspaceId };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // a transaction that read the open day and has not finished (a slow forget of a link's clicks)
    const holder = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('click_facets_closed'))`);
      await held;
    });
    await Bun.sleep(100);
    const started = Date.now();
    // far enough ahead that a day is due whatever the earlier tests closed
    const closing = closeFacetDays(t.deps.db, new Date(Date.now() + 10 * 86_400_000)).then(
      () => 'closed',
      (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
    );
    await Bun.sleep(200);
    // a batch stored meanwhile is not held up behind the waiting closing for good
    const stored = seedClicks(t, link, [{ country: 'DE' }]);
    expect(await closing).toMatch(/lock timeout/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
    await stored;
    expect(await storedClicks(t.deps.db, [link.id])).toEqual({ rows: 1, counted: 1 });
    release();
    await holder;
  },
  30_000,
);
