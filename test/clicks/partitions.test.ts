import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../core/config';
import { rowsOf } from '../../core/db';
import { dropExpiredClicks, ensureClickPartitions, pruneClickBookkeeping } from '../../modules/clicks/maintenance';
import { startTestApp, type TestApp } from '../helpers/app';
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
