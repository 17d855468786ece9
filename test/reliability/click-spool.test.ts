import type { Subprocess } from 'bun';
import { afterAll, expect, test } from 'bun:test';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../core/db';
import { storedClicks } from '../helpers/clicks';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/db';
import { bootstrapOver, startApiProcess, startRedisServer, startWorkerProcess, waitFor, type ApiProcess, type ServiceEnv } from '../helpers/processes';
import { startServerProcess } from '../helpers/server-process';
import { BROWSER_UA } from '../links/fixtures';
import { DEFAULT_DOMAIN, SITE_URL } from '../helpers/app';

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

/**
 * `count` visits at `concurrency` to `url`/`slug`; `kill` runs once `killAfter` visits were answered, and no visit starts after it.
 * `headers`: visit i's own (a new visitor each, say), on top of a browser's.
 */
async function burst(opts: {
  url: string;
  slug: string;
  count: number;
  concurrency: number;
  killAfter?: number;
  kill?: () => void;
  headers?: (i: number) => Record<string, string>;
}): Promise<Burst> {
  const result: Burst = { answered: 0, unknown: 0 };
  let next = 0;
  let killed = false;
  const lane = async () => {
    while (next < opts.count && !killed) {
      const headers = { host: DEFAULT_DOMAIN, 'user-agent': BROWSER_UA, ...opts.headers?.(next) };
      next++;
      const res = await fetch(`${opts.url}/${opts.slug}`, { redirect: 'manual', headers }).then(
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

/** A tmpfs of `mb` MB mounted on a new directory (unmounted in afterAll, whatever happened). */
const mounts: string[] = [];
function mountTmpfs(mb: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'lh-full-disk-'));
  const mounted = Bun.spawnSync(['mount', '-t', 'tmpfs', '-o', `size=${mb}m,mode=0755`, 'tmpfs', dir]);
  if (!mounted.success) throw new Error(`mount: ${mounted.stderr.toString()}`);
  mounts.push(dir);
  return dir;
}
/** server processes on those mounts: ended before they are unmounted, when a failed test left them running */
const onMounts: Subprocess[] = [];
afterAll(() => {
  for (const proc of onMounts) proc.kill('SIGKILL');
  // lazily: a process still holding files there does not keep the mount
  for (const dir of mounts) {
    Bun.spawnSync(['umount', '-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});
const canMount = process.getuid?.() === 0 && Boolean(Bun.which('mount'));
if (!canMount) console.warn('click-spool.test.ts: the full-disk test is skipped: mounting a small tmpfs needs root');

/** Writes `path` until the file system refuses (ENOSPC): the disk is full. */
function fillDisk(path: string): number {
  const fd = openSync(path, 'w');
  let filled = 0;
  try {
    for (const chunk of [Buffer.alloc(1 << 20), Buffer.alloc(4096), Buffer.alloc(1)])
      try {
        for (;;) filled += writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
  } finally {
    closeSync(fd);
  }
  return filled;
}

/** The server's series (unlabelled or with one label) from `/metrics`. */
async function scrape(url: string): Promise<(name: string) => number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { host: new URL(SITE_URL).host } })).text();
  return (name) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    if (!line) throw new Error(`${name} not in /metrics`);
    return Number(line.slice(name.length + 1));
  };
}

const rssKb = (pid: number) => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

test.skipIf(!canMount)(
  'embedded, disk full (a real tmpfs, DATABASE and spool on it), then kill -9: every click the spool took (its reserve) is stored after the restart, none twice; the rest is what /metrics counted as dropped or held in memory, which stays bounded',
  async () => {
    const disk = mountTmpfs(96);
    const dataDir = join(disk, 'data');
    // the test apps' 1 MB reserve: ~7,000 clicks of new visitors
    const env = { ...EMBEDDED, DATA_DIR: dataDir, CLICK_SPOOL_RESERVE_MB: '1' };
    let server = await startServerProcess(env);
    onMounts.push(server.proc);
    const ws = await server.bootstrap('pro');
    const created = await server.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/full' } });
    expect(created.status).toBe(201);
    const link = created.body as { id: string; slug: string };
    // every visit a new visitor, from a page of its own: the spool's largest clicks
    const newVisitor = (i: number) => ({ 'user-agent': `${BROWSER_UA} visitor/${i}`, referer: `https://news.example.org/articles/${i}` });
    const warm = await burst({ url: server.url, slug: link.slug, count: 200, concurrency: 8, headers: newVisitor });
    const before = await scrape(server.url);
    expect(before('linkhop_click_spool_reserve_bytes')).toBe(1 << 20);

    // files of the spool: the visitors' profiles, for this user only
    const spoolDir = join(dataDir, 'spool');
    expect(statSync(spoolDir).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(spoolDir)) expect({ name, mode: statSync(join(spoolDir, name)).mode & 0o777 }).toEqual({ name, mode: 0o600 });

    await waitFor(async () => (await scrape(server.url))('linkhop_clicks_total{stage="stored"}') === warm.answered, 30_000, 'the warm-up stored');
    const rssBefore = rssKb(server.proc.pid);
    const filler = join(disk, 'filler');
    fillDisk(filler);

    const VISITS = 45_000;
    const visits = await burst({ url: server.url, slug: link.slug, count: VISITS, concurrency: 32, headers: (i) => newVisitor(warm.answered + i) });
    expect(visits.answered).toBe(VISITS);
    // the last batch's 100 ms, and the storing attempts, settle: nothing moves for a second
    const counters = ['linkhop_clicks_total{stage="stored"}', 'linkhop_clicks_dropped_total{reason="memory_full"}', 'linkhop_clicks_memory_only'];
    let full = await scrape(server.url);
    await waitFor(
      async () => {
        const last = full;
        await Bun.sleep(1000);
        full = await scrape(server.url);
        return counters.every((name) => full(name) === last(name));
      },
      60_000,
      'the click counters to settle',
    );
    const rssFull = rssKb(server.proc.pid);
    const answered = warm.answered + visits.answered;
    const dropped = full('linkhop_clicks_dropped_total{reason="memory_full"}');
    const memoryOnly = full('linkhop_clicks_memory_only');
    const spooled = full('linkhop_clicks_total{stage="spooled"}');
    const storedWhileFull = full('linkhop_clicks_total{stage="stored"}') - warm.answered;
    expect(full('linkhop_clicks_total{stage="buffered"}')).toBe(answered);
    expect(full('linkhop_click_spool_reserve_bytes')).toBe(0);
    // the reserve took clicks while the disk was full: 1 MB at ~150 bytes a click of a new visitor as written
    // on a full disk (small records, file blocks, and the database takes some of what is freed): 500 is a wide margin
    expect(spooled - warm.answered).toBeGreaterThan((1 << 20) / 500);
    // bounded: at most 10,000 clicks waiting in memory, 10,000 on their way, and the current batch (500)
    expect(dropped).toBeGreaterThan(0);
    expect(memoryOnly).toBeLessThanOrEqual(20_500);

    const killed = server.proc;
    killed.kill('SIGKILL');
    await killed.exited;
    rmSync(filler);
    server = await startServerProcess(env);
    onMounts.push(server.proc);
    const expected = answered - dropped - memoryOnly;
    const clickCount = async () => (await server.api('GET', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key })).body.click_count as number;
    await waitFor(async () => (await clickCount()) >= expected, 60_000, `${expected} clicks stored`).catch(() => {});
    await Bun.sleep(1000);
    const after = await scrape(server.url);
    await server.stop();
    const database = await openDatabase({ dataDir, migrate: false });
    const stored = await storedClicks(database.db, [link.id]).finally(() => database.close());
    console.info(
      `embedded, disk full: ${answered} answered (${visits.answered} while full), ${spooled} spooled, ${storedWhileFull} stored while full, ` +
        `${dropped} dropped and ${memoryOnly} in memory only at the kill; ${stored.rows} stored after the restart (expected ${expected}); ` +
        `RSS ${Math.round(rssBefore / 1024)} MB before the disk filled, ${Math.round(rssFull / 1024)} MB after ${visits.answered} visits on it; reserve after the restart ${after('linkhop_click_spool_reserve_bytes')} bytes`,
    );
    expect(stored.rows).toBe(stored.counted);
    // = expected, unless storing got through on the full disk in the instant between the last scrape and the kill
    expect(stored.rows).toBeGreaterThanOrEqual(expected);
    expect(stored.rows).toBeLessThanOrEqual(answered - dropped);
    // the restart found room: the reserve is whole again
    expect(after('linkhop_click_spool_reserve_bytes')).toBe(1 << 20);
  },
  240_000,
);

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
