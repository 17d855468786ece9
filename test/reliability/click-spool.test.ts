import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../core/db';
import { storedClicks } from '../helpers/clicks';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/db';
import { bootstrapOver, startApiProcess, startRedisServer, startWorkerProcess, waitFor, type ApiProcess, type ServiceEnv } from '../helpers/processes';
import { startServerProcess } from '../helpers/server-process';
import { BROWSER_UA } from '../links/fixtures';
import { DEFAULT_DOMAIN } from '../helpers/app';

/**
 * No answered visit loses its click, whatever stops the process: real server processes, a real
 * `kill -9` in the middle of a burst of visits and a graceful SIGTERM, embedded and in production
 * mode with Redis down. A visit counts as answered when its 302 reached this process. The visits
 * in flight when the process is killed may or may not have been answered on the server's side (a 302
 * can leave it and be lost with the connection): their clicks may be stored or not, never twice.
 */
const EMBEDDED = { DATABASE_URL: '', REDIS_URL: '' };
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lh-spool-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Burst {
  /** 302s received */
  answered: number;
  /** requests that failed after being sent to the server before the kill (it may have counted them) */
  unknown: number;
}

/** `count` visits at `concurrency` to `url`/`slug`; `kill` runs once `killAfter` visits were answered, and no visit starts after it. */
async function burst(opts: { url: string; slug: string; count: number; concurrency: number; killAfter?: number; kill?: () => void }): Promise<Burst> {
  const result: Burst = { answered: 0, unknown: 0 };
  let next = 0;
  let killed = false;
  const lane = async () => {
    while (next < opts.count && !killed) {
      next++;
      const res = await fetch(`${opts.url}/${opts.slug}`, { redirect: 'manual', headers: { host: DEFAULT_DOMAIN, 'user-agent': BROWSER_UA } }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        () => 0,
      );
      if (res === 302) result.answered++;
      else if (killed) result.unknown++;
      else throw new Error(`visit answered ${res}`);
      if (!killed && opts.killAfter !== undefined && result.answered >= opts.killAfter) {
        killed = true;
        opts.kill!();
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, lane));
  return result;
}

test('embedded: kill -9 in the middle of a burst of visits, restart: every answered visit is a stored click, none twice', async () => {
  const dataDir = tempDir();
  let server = await startServerProcess({ ...EMBEDDED, DATA_DIR: dataDir });
  const ws = await server.bootstrap('pro');
  const created = await server.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/kill' } });
  expect(created.status).toBe(201);
  const link = created.body as { id: string; slug: string };

  const killed = server.proc;
  const visits = await burst({ url: server.url, slug: link.slug, count: 20_000, concurrency: 32, killAfter: 3000, kill: () => killed.kill('SIGKILL') });
  await killed.exited;
  expect(killed.signalCode).toBe('SIGKILL');

  server = await startServerProcess({ ...EMBEDDED, DATA_DIR: dataDir });
  const clickCount = async () => (await server.api('GET', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key })).body.click_count as number;
  await waitFor(async () => (await clickCount()) >= visits.answered, 30_000, `${visits.answered} clicks stored`).catch(() => {});
  await Bun.sleep(1000);
  await server.stop();

  const database = await openDatabase({ dataDir, migrate: false });
  const stored = await storedClicks(database.db, [link.id]).finally(() => database.close());
  console.info(`embedded kill -9: ${visits.answered} visits answered, ${visits.unknown} in flight at the kill, ${stored.rows} clicks stored after the restart`);
  expect(stored.rows).toBe(stored.counted);
  expect(stored.rows).toBeGreaterThanOrEqual(visits.answered);
  expect(stored.rows).toBeLessThanOrEqual(visits.answered + visits.unknown);
}, 120_000);

const production = Boolean(TEST_DATABASE_URL && Bun.which('redis-server'));
if (!production)
  console.warn('click-spool.test.ts: the production tests are skipped: they need TEST_DATABASE_URL and redis-server (a private Redis the test stops)');

/**
 * An API process and a worker on a private Redis and a fresh database. Redis is stopped, `stop`
 * visits the link and stops the API, then Redis and the API start again (the worker reconnects).
 */
async function redisDownThenStop(stop: (api: ApiProcess, slug: string) => Promise<Burst>) {
  const redis = await startRedisServer();
  const database: Database & { url?: string } = await createTestDatabase();
  const env: ServiceEnv = { databaseUrl: database.url!, redisUrl: redis.url, redisPrefix: 'spool', DATA_DIR: tempDir() };
  let api = await startApiProcess(env);
  const worker = await startWorkerProcess(env);
  try {
    const ws = await bootstrapOver(api);
    const created = await api.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/down' } });
    expect(created.status).toBe(201);
    const link = created.body as { id: string; slug: string };
    // the link is cached in the API process (a bot's visit: no click)
    expect((await api.visit(link.slug, { 'user-agent': 'curl/8.5.0' })).status).toBe(302);

    await redis.kill();
    const stopped = api;
    const visits = await stop(stopped, link.slug);
    await stopped.proc.exited;

    await redis.start();
    api = await startApiProcess(env);
    await waitFor(async () => (await storedClicks(database.db, [link.id])).rows >= visits.answered, 60_000, `${visits.answered} clicks stored`).catch(() => {});
    await Bun.sleep(1500);
    return { visits, stored: await storedClicks(database.db, [link.id]), stoppedLog: stopped.lines, restartedLog: api.lines };
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
    await redis.destroy();
    await database.close();
  }
}

test.skipIf(!production)(
  'production, Redis down: the API stopped by SIGTERM keeps its clicks in the spool, says so, and the next start hands them over',
  async () => {
    const { visits, stored, stoppedLog, restartedLog } = await redisDownThenStop(async (api, slug) => {
      const visits = await burst({ url: api.url, slug, count: 5000, concurrency: 32 });
      await api.stop();
      return visits;
    });
    const kept = stoppedLog.flatMap((line) => (line.includes('clicks kept in the click spool') ? [JSON.parse(line)] : []))[0];
    console.info(
      `production SIGTERM, Redis down: ${visits.answered} visits answered, ${kept?.clicks} clicks logged as kept in the spool, ${stored.rows} stored after the restart`,
    );
    expect(kept?.clicks).toBe(visits.answered);
    expect(restartedLog.some((line) => line.includes(`replaying ${visits.answered} clicks left in the click spool`))).toBe(true);
    expect(stored).toEqual({ rows: visits.answered, counted: visits.answered });
  },
  180_000,
);

test.skipIf(!production)(
  'production, Redis down: the API killed (-9) in the middle of a burst: every answered visit is a stored click after the restart, none twice',
  async () => {
    const { visits, stored } = await redisDownThenStop((api, slug) =>
      burst({ url: api.url, slug, count: 20_000, concurrency: 32, killAfter: 4000, kill: () => api.proc.kill('SIGKILL') }),
    );
    console.info(
      `production kill -9, Redis down: ${visits.answered} visits answered, ${visits.unknown} in flight at the kill, ${stored.rows} clicks stored after the restart`,
    );
    expect(stored.rows).toBe(stored.counted);
    expect(stored.rows).toBeGreaterThanOrEqual(visits.answered);
    expect(stored.rows).toBeLessThanOrEqual(visits.answered + visits.unknown);
  },
  180_000,
);
