import { afterAll, beforeAll, expect, test } from 'bun:test';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../core/db';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedClicks } from '../helpers/clicks';
import { TEST_DATABASE_URL } from '../helpers/db';
import { needs } from '../helpers/needs';
import { PG_SERVER_BINARIES, startPgCluster, startPgReplica, type PgCluster } from '../helpers/pg-cluster';
import { waitFor } from '../helpers/processes';

/**
 * DATABASE_REPLICA_URL on a real streaming replica (pg_basebackup of a private primary): stats,
 * exports, the links list and portfolio pages are read there, shown by each server's own
 * statement counters (pg_stat_statements); what must see a write just made reads the primary,
 * shown with the replica's replay paused. The replica's lag is in /readyz and /metrics.
 */
const enabled = needs(
  Boolean(TEST_DATABASE_URL && PG_SERVER_BINARIES),
  'postgres-replica.test.ts',
  'TEST_DATABASE_URL and the PostgreSQL 15 server binaries (initdb, pg_ctl, pg_basebackup)',
);

const STATEMENT_COUNTER = ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'];
let primary: PgCluster;
let replica: PgCluster;
let database: Database;
let onPrimary: postgres.Sql;
let onReplica: postgres.Sql;
let t: TestApp;
let ws: { workspaceId: string; key: string };
let linkId: string;

beforeAll(async () => {
  if (!enabled) return;
  primary = await startPgCluster({ settings: STATEMENT_COUNTER });
  onPrimary = postgres(primary.url, { max: 1, onnotice: () => {} });
  await onPrimary`create extension pg_stat_statements`;
  database = await openDatabase({ url: primary.url, poolSize: 5 });
  replica = await startPgReplica(primary, { settings: STATEMENT_COUNTER });
  onReplica = postgres(replica.url, { max: 1, onnotice: () => {} });
  t = await startTestApp({ database, config: { databaseReplicaUrl: replica.url } });
  ws = await t.bootstrap({ plan: 'pro' });
  const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/replica' } });
  linkId = link.body.id;
  await seedClicks(t, link.body, [{ country: 'DE' }, { country: 'FR' }]);
  await caughtUp();
}, 90_000);

afterAll(async () => {
  if (!enabled) return;
  await t?.close();
  await Promise.all([onPrimary?.end(), onReplica?.end()]);
  replica?.destroy();
  primary?.destroy();
});

/** waits until the replica has replayed everything the primary wrote so far */
async function caughtUp() {
  const [{ lsn }] = await onPrimary`select pg_current_wal_lsn()::text as lsn`;
  await waitFor(async () => (await onReplica`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as ok`)[0]!.ok, 20_000, 'the replica to replay');
}

/** statements (text → calls) the server ran in the test's database since its counters were reset, the counter's own left out */
async function statements(sql: postgres.Sql): Promise<Map<string, number>> {
  const rows = await sql`select query, calls::int from pg_stat_statements s join pg_database d on d.oid = s.dbid
    where d.datname = 'postgres' and query not ilike '%pg_stat_statements%' and query not ilike '%pg_last_wal%'`;
  return new Map(rows.map((r) => [r.query as string, r.calls as number]));
}

test.skipIf(!enabled)('stats, exports, the links list and the portfolio page run their statements on the replica and none of them on the primary', async () => {
  const portfolio = await t.api('POST', `/workspaces/${ws.workspaceId}/portfolios`, { key: ws.key, body: { name: 'Shown', slug: `shown-${Date.now()}` } });
  expect(portfolio.status).toBe(201);
  await t.api('POST', `/workspaces/${ws.workspaceId}/portfolios/${portfolio.body.id}/links`, { key: ws.key, body: { link_ids: [linkId] } });
  await caughtUp();
  await Promise.all([onPrimary`select pg_stat_statements_reset()`, onReplica`select pg_stat_statements_reset()`]);

  const base = `/workspaces/${ws.workspaceId}`;
  const summary = await t.api('GET', `${base}/stats/summary`, { key: ws.key });
  expect(summary.status).toBe(200);
  expect(summary.body).toMatchObject({ total_links: 1, total_clicks: 2, total_countries: 2 });
  for (const path of ['/stats/daily', '/stats/countries', '/stats/referrers', '/stats/devices', '/stats/links', `/links/${linkId}/stats`, '/links']) {
    expect((await t.api('GET', base + path, { key: ws.key })).status).toBe(200);
  }
  const exported = await t.request(`/api${base}/export/clicks`, { host: new URL(t.config.siteUrl).host, headers: { 'x-api-key': ws.key } });
  expect(exported.status).toBe(200);
  expect((await exported.text()).split('\n').filter(Boolean).length).toBe(3);
  const page = await t.request(`/p/${portfolio.body.slug}`, { host: new URL(t.config.siteUrl).host });
  expect(page.status).toBe(200);

  const [onP, onR] = await Promise.all([statements(onPrimary), statements(onReplica)]);
  const replicaCalls = [...onR.values()].reduce((a, b) => a + b, 0);
  expect(replicaCalls).toBeGreaterThanOrEqual(10);
  // every statement the replica ran for these reads, the primary did not run
  expect([...onR.keys()].filter((query) => (onP.get(query) ?? 0) > 0)).toEqual([]);
  // the primary answered the access checks only: no statement on the click tables (read by table name: the
  // link's own row carries `click_count` and `imported_clicks`, and the access check reads that row)
  expect([...onP.keys()].filter((query) => /\b(from|join)\s+"?(clicks|click_\w+|link_bot_days)\b/i.test(query))).toEqual([]);
});

test.skipIf(!enabled)(
  'read-your-write with the replica paused: the answer after a write and the link read by id come from the primary, the list catches up',
  async () => {
    await onReplica`select pg_wal_replay_pause()`;
    try {
      const created = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, {
        key: ws.key,
        body: { target: 'https://example.com/fresh', title: 'fresh' },
      });
      expect(created.status).toBe(201);
      expect(created.body.title).toBe('fresh');
      const read = await t.api('GET', `/workspaces/${ws.workspaceId}/links/${created.body.id}`, { key: ws.key });
      expect(read.status).toBe(200);
      const patched = await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${created.body.id}`, { key: ws.key, body: { title: 'edited' } });
      expect(patched.status).toBe(200);
      const reread = await t.api('GET', `/workspaces/${ws.workspaceId}/links/${created.body.id}`, { key: ws.key });
      expect(reread.body.title).toBe('edited');
      // its stats: the access check sees the new link on the primary; the counts (replica) are still empty
      const stats = await t.api('GET', `/workspaces/${ws.workspaceId}/links/${created.body.id}/stats`, { key: ws.key });
      expect(stats.status).toBe(200);
      // the list reads the replica: not there yet
      const before = await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key });
      expect(before.body.links.map((l: { id: string }) => l.id)).not.toContain(created.body.id);
      // the replica's lag shows while it trails
      await Bun.sleep(1100);
      const readyz = await (await t.request('/readyz', { host: new URL(t.config.siteUrl).host })).json();
      expect(readyz.ok).toBe(true);
      expect(readyz.checks.database_replica).toBe('up');
      expect(readyz.replica_lag_seconds).toBeGreaterThan(1);
      const metrics = await (await t.request('/metrics', { host: new URL(t.config.siteUrl).host })).text();
      expect(Number(/^linkhop_db_replica_lag_seconds (\S+)$/m.exec(metrics)?.[1])).toBeGreaterThan(1);
      await onReplica`select pg_wal_replay_resume()`;
      await caughtUp();
      const after = await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key });
      expect(after.body.links.map((l: { id: string }) => l.id)).toContain(created.body.id);
      const readyAfter = await (await t.request('/readyz', { host: new URL(t.config.siteUrl).host })).json();
      expect(readyAfter.replica_lag_seconds).toBe(0);
    } finally {
      await onReplica`select pg_wal_replay_resume()`;
    }
  },
);
