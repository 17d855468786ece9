import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { waitFor } from '../helpers/processes';
import { deleteRedisPrefix } from '../helpers/redis';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { openLiveStream, type LiveReader } from './helpers';

// server processes start (and migrate) in seconds on a loaded machine
setDefaultTimeout(120_000);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The services of the mode under test for server processes: with TEST_DATABASE_URL a fresh
 * PostgreSQL database and a Redis prefix of their own (shared by the processes given it), else
 * the embedded database in a data directory of its own.
 */
async function services(): Promise<Record<string, string>> {
  if (!TEST_DATABASE_URL) {
    const dir = mkdtempSync(join(tmpdir(), 'lh-live-test-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dir };
  }
  const db = await createTestDatabase();
  const prefix = `lh-live-${crypto.randomUUID().slice(0, 8)}`;
  cleanups.push(async () => {
    await db.close();
    if (TEST_REDIS_URL) await deleteRedisPrefix(TEST_REDIS_URL, prefix);
  });
  return { DATABASE_URL: db.url!, REDIS_URL: TEST_REDIS_URL ?? '', REDIS_PREFIX: prefix };
}

async function serverProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  cleanups.push(() => server.stop());
  return server;
}

const openFds = (server: ServerProcess) => readdirSync(`/proc/${server.proc.pid}/fd`).length;

test('LIVE_STREAMS_MAX caps the streams of a process (429 beyond, across credentials); closed streams free their slots and their file descriptors', async () => {
  const server = await serverProcess({ ...(await services()), LIVE_STREAMS_MAX: '3' });
  const [a, b] = [await server.bootstrap('pro'), await server.bootstrap('pro')];
  const open = (ws: typeof a) => openLiveStream(server.url, ws.workspaceId, { key: ws.key });
  /** a stream, once a slot is free: the server frees one when it sees its client gone */
  const openOnceFree = async (ws: typeof a) => {
    let stream: LiveReader | undefined;
    await waitFor(
      async () => {
        stream = await open(ws);
        if (stream.status !== 429) expect(stream.status).toBe(200);
        return stream.status === 200;
      },
      10_000,
      'a slot freed by a closed stream',
    );
    return stream!;
  };
  const streams = [await open(a), await open(a), await open(b)];
  expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
  const refused = await open(b);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ error: expect.any(String), code: 'rate_limited' });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

  await streams.pop()!.close();
  streams.push(await openOnceFree(b));
  await Promise.all(streams.map((s) => s.close()));

  // many streams opened and closed by their clients leave neither slots nor file descriptors behind
  await Bun.sleep(500);
  const before = openFds(server);
  const cycles = 100;
  for (let i = 0; i < cycles; i++) {
    const batch = [await openOnceFree(a), await openOnceFree(b), await openOnceFree(a)];
    await Promise.all(batch.map((s) => s.close()));
  }
  let after = 0;
  await waitFor(() => (after = openFds(server)) <= before + 5, 15_000, `the file descriptors of ${cycles * 3} closed streams to be released`).catch(() => {});
  console.log(`live streams: ${cycles * 3} opened and closed; open fds ${before} before, ${after} after`);
  expect(after).toBeLessThanOrEqual(before + 5);
});

// two API processes share one database only with PostgreSQL (the embedded one belongs to one process)
if (TEST_DATABASE_URL && TEST_REDIS_URL) {
  test('a key deleted through another API process ends the stream it holds here at the periodic check', async () => {
    const env = { ...(await services()), LIVE_RECHECK_MS: '1000' };
    const [here, there] = [await serverProcess(env), await serverProcess(env)];
    const ws = await here.bootstrap('pro');
    const created = (await here.api('POST', `/workspaces/${ws.workspaceId}/api-keys`, { key: ws.key, body: { name: 'wall screen', role: 'viewer' } })).body;
    const stream = await openLiveStream(here.url, ws.workspaceId, { key: created.key });
    expect(stream.status).toBe(200);
    expect((await there.api('DELETE', `/workspaces/${ws.workspaceId}/api-keys/${created.id}`, { key: ws.key })).status).toBe(200);
    await stream.waitForEnd(10_000);
  });
}
