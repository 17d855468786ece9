import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Queue } from 'bullmq';
import postgres from 'postgres';
import type { Database } from '../../core/db';
import { clicksOf, compactBatch } from '../../modules/clicks/batch';
import { storedClicks } from '../helpers/clicks';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { type Deployment, startDeployment } from '../helpers/deployment';
import { runRequests } from '../helpers/load';
import { bootstrapOver, startWorkerProcess, waitFor, type ApiProcess, type ChildProcess, type RedisServer } from '../helpers/processes';
import { BROWSER_UA } from '../links/fixtures';

/**
 * Fault test 6: a worker process is killed (SIGKILL) in the middle of storing click
 * batches. To be sure it is mid-batch, the test holds the link's row lock: the worker's
 * transaction has begun and waits to lock the link for its `click_count` when it dies.
 * A second worker takes the stalled jobs back (JOB_LOCK_MS = 2 s) and stores every click once.
 */
const enabled = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL && Bun.which('redis-server'));
if (!enabled) console.warn('worker-crash.test.ts skipped: needs TEST_DATABASE_URL, TEST_REDIS_URL and redis-server (kills a worker process mid-batch)');

const env = () => ({ databaseUrl: database.url!, redisUrl: redis.url, redisPrefix: 'crash', JOB_LOCK_MS: '2000' });
let deployment: Deployment;
let database: Database & { url?: string };
let redis: RedisServer;
let admin: postgres.Sql;
let api: ApiProcess;
/** the deployment's workers: one at first, those a test starts join them (and are stopped with them) */
let workers: ChildProcess[] = [];

beforeAll(async () => {
  if (!enabled) return;
  deployment = await startDeployment({ redisPrefix: 'crash', env: { JOB_LOCK_MS: '2000' } });
  ({ database, redis, workers } = deployment);
  [api] = deployment.apis;
  admin = postgres(database.url!, { max: 2, onnotice: () => {} });
}, 60_000);

afterAll(async () => {
  if (!enabled) return;
  await admin?.end({ timeout: 1 });
  await deployment?.stop();
});

const waitingOnLocks = async () =>
  Number((await admin`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)[0]!.n);

test.skipIf(!enabled)(
  'fault 6: worker killed mid-batch: the batch is re-run, 0 clicks lost, 0 duplicated',
  async () => {
    const ws = await bootstrapOver(api);
    const res = await api.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/crash' } });
    expect(res.status).toBe(201);
    const link = res.body as { id: string; slug: string };

    const holder = await admin.reserve();
    await holder`begin`;
    await holder`select id from links where id = ${link.id} for update`;
    const VISITS = 300;
    const result = await runRequests({ count: VISITS, concurrency: 20, request: () => api.visit(link.slug, { 'user-agent': BROWSER_UA }) });
    expect(result.statuses).toEqual({ 302: VISITS });

    // the worker is inside storeClicks' transaction, waiting for the link row
    await waitFor(async () => (await waitingOnLocks()) > 0, 10_000, 'the worker to wait on the link row');
    await workers[0]!.kill();
    await holder`rollback`;
    holder.release();
    // its transaction died with it: nothing of the batch was committed
    await waitFor(async () => (await waitingOnLocks()) === 0, 5000, 'the dead worker’s transaction to end');
    expect(await storedClicks(database.db, [link.id])).toEqual({ rows: 0, counted: 0 });

    const restarted = performance.now();
    workers.push(await startWorkerProcess(env()));
    await waitFor(async () => (await storedClicks(database.db, [link.id])).rows >= VISITS, 30_000, `${VISITS} clicks stored`);
    console.info(`fault 6: ${VISITS} clicks of the killed worker's batches stored ${Math.round(performance.now() - restarted)} ms after a new worker started`);
    await Bun.sleep(1500);
    expect(await storedClicks(database.db, [link.id])).toEqual({ rows: VISITS, counted: VISITS });

    // the recovered jobs are the ones the dead worker had taken: BullMQ counted them stalled
    const queue = new Queue('clicks', { connection: { url: redis.url } as any, prefix: 'crash' });
    const completed = await queue.getJobs(['completed']);
    await queue.close();
    // (the clicks queue also carries the click maintenance and deletion jobs)
    const batches = completed.filter((job) => job.name === 'clicks.record');
    expect(batches.some((job) => job.stalledCounter >= 1)).toBe(true);
    expect(batches.reduce((n, job) => n + clicksOf(compactBatch(job.data)).length, 0)).toBe(VISITS);
  },
  90_000,
);
