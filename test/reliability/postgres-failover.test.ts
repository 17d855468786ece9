import { afterAll, beforeAll, expect, test } from 'bun:test';
import { inArray } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../core/db';
import { links } from '../../modules/links/schema';
import { storedClicks } from '../helpers/clicks';
import { TEST_DATABASE_URL } from '../helpers/db';
import { runRequests } from '../helpers/load';
import { needs } from '../helpers/needs';
import { PG_SERVER_BINARIES, startPgCluster, startPgReplica, type PgCluster } from '../helpers/pg-cluster';
import {
  bootstrapOver,
  startApiProcess,
  startRedisServer,
  startWorkerProcess,
  waitFor,
  type ApiProcess,
  type ChildProcess,
  type RedisServer,
} from '../helpers/processes';
import { BROWSER_UA } from '../links/fixtures';

/**
 * Primary failover without a restart: an API process and a worker process on a multi-host
 * DATABASE_URL (`…/db?target_session_attrs=read-write`) naming a primary and its synchronous
 * replica. The primary crashes during a mixed load and the replica is promoted (`pg_ctl promote`,
 * as the operator or a failover manager does): cached redirects all answer, writes answer 201 or
 * 503 (never 500), no acknowledged write is lost, the clicks are stored once, and both processes
 * work on the new primary without being restarted.
 */
const enabled = needs(
  Boolean(TEST_DATABASE_URL && PG_SERVER_BINARIES && Bun.which('redis-server')),
  'postgres-failover.test.ts',
  'TEST_DATABASE_URL, redis-server and the PostgreSQL 15 server binaries (initdb, pg_ctl, pg_basebackup)',
);

let primary: PgCluster;
let replica: PgCluster;
let redis: RedisServer;
let api: ApiProcess;
let worker: ChildProcess;
let promoted: Database | undefined;

beforeAll(async () => {
  if (!enabled) return;
  primary = await startPgCluster();
  const migrated = await openDatabase({ url: primary.url, poolSize: 1 });
  await migrated.close();
  replica = await startPgReplica(primary);
  // synchronous replication: a commit is acknowledged once the replica has it, so a promotion loses no acknowledged write
  const admin = postgres(primary.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`alter system set synchronous_standby_names = '*'`);
  await admin`select pg_reload_conf()`;
  await waitFor(
    async () => (await admin`select count(*)::int as n from pg_stat_replication where sync_state = 'sync'`)[0]!.n === 1,
    10_000,
    'a synchronous replica',
  );
  await admin.end();
  redis = await startRedisServer();
  const env = {
    databaseUrl: `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${replica.port}/postgres?target_session_attrs=read-write`,
    redisUrl: redis.url,
    redisPrefix: 'failover',
  };
  api = await startApiProcess(env);
  worker = await startWorkerProcess(env);
}, 90_000);

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([api?.stop(), worker?.stop()]);
  await promoted?.close().catch(() => {});
  await redis?.destroy();
  replica?.destroy();
  primary?.destroy();
});

test.skipIf(!enabled)(
  'primary crashed and replica promoted during redirects and writes: cached redirects 100%, writes 201 or 503, none lost, clicks once, no restart',
  async () => {
    const workspaces = await Promise.all(Array.from({ length: 4 }, () => bootstrapOver(api, 'pro')));
    const hot: { id: string; slug: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const ws = workspaces[i % workspaces.length]!;
      const res = await api.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: `https://example.com/hot/${i}` } });
      expect(res.status).toBe(201);
      hot.push(res.body);
    }
    const visit = (slug: string) => api.visit(slug, { 'user-agent': BROWSER_UA });
    for (const link of hot) expect((await visit(link.slug)).status).toBe(302);
    let served = hot.length;

    const writes: Record<number, number> = {};
    const acknowledged: string[] = [];
    let stoppedAt = 0;
    let promotedAt = 0;
    let firstWriteAfter = 0;
    let done = false;
    const writer = async (lane: number) => {
      const ws = workspaces[lane]!;
      for (let i = 0; !done || i < 10; i++) {
        const res = await api.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: `https://example.com/w/${lane}/${i}` } });
        writes[res.status] = (writes[res.status] ?? 0) + 1;
        if (res.status === 201) {
          acknowledged.push(res.body.id);
          if (stoppedAt && !firstWriteAfter) firstWriteAfter = performance.now();
        } else if (res.status !== 503) {
          const logged = api.lines.filter((line) => line.includes('"level":50')).slice(-1);
          throw new Error(`link write answered ${res.status}: ${JSON.stringify(res.body)} ${logged.join('').slice(0, 1500)}`);
        }
        await Bun.sleep(400);
      }
    };
    const writers = workspaces.map((_, lane) => writer(lane));
    const result = await runRequests({
      count: 8000,
      concurrency: 20,
      perSecond: 1000,
      request: (i) => visit(hot[i % hot.length]!.slug),
      async onDone(n) {
        if (n === 1500) {
          stoppedAt = performance.now();
          primary.stop();
        } else if (n === 3500) {
          // two seconds without a primary, then the replica takes over
          replica.promote();
          promotedAt = performance.now();
        }
      },
    });
    done = true;
    await Promise.all(writers);
    served += result.statuses[302] ?? 0;
    const recoveredMs = firstWriteAfter - promotedAt;
    console.info(
      `failover: ${JSON.stringify(result.statuses)} redirects (max ${result.maxMs.toFixed(1)} ms); writes ${JSON.stringify(writes)}; primary down ${Math.round(promotedAt - stoppedAt)} ms before the promotion; first write acknowledged ${Math.round(recoveredMs)} ms after the promotion`,
    );
    expect(result.statuses).toEqual({ 302: 8000 });
    expect(firstWriteAfter).toBeGreaterThan(promotedAt);
    expect(Object.keys(writes).sort()).toEqual(['201', '503']);

    promoted = await openDatabase({ url: replica.url, poolSize: 2, migrate: false });
    const stored = await promoted.db.select({ id: links.id }).from(links).where(inArray(links.id, acknowledged));
    expect(stored.length).toBe(acknowledged.length);
    const ids = hot.map((link) => link.id);
    await waitFor(async () => (await storedClicks(promoted!.db, ids)).rows >= served, 60_000, `${served} clicks stored`);
    await Bun.sleep(1500);
    expect(await storedClicks(promoted.db, ids)).toEqual({ rows: served, counted: served });
    // the same processes, never restarted
    expect(api.proc.exitCode).toBeNull();
    expect(worker.proc.exitCode).toBeNull();
  },
  180_000,
);
