import { afterEach, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'bun';
import { loadConfig } from '../../core/config';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

/**
 * The embedded database's writes reach the disk before they are acknowledged (EMBEDDED_DURABILITY,
 * core/pglite-durable-fs.ts), seen from outside as an operator would: `strace` on the server
 * process, and a `kill -9` followed by a restart on the same DATA_DIR.
 */
const EMBEDDED = { DATABASE_URL: '', REDIS_URL: '' };
const STRACE = Bun.which('strace');
const dirs: string[] = [];
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'linkhop-durability-'));
  dirs.push(dir);
  return dir;
}

/** Every flush of a WAL file and every `201` the server sends, in the order the process made them. */
async function traceFlushesAndAnswers(pid: number, during: () => Promise<void>): Promise<('flush' | 'created')[]> {
  const out = join(dataDir(), 'strace.txt');
  // -f: every thread (PGlite runs in a worker thread); -yy: file descriptors with their paths and sockets
  const strace = spawn([STRACE!, '-f', '-yy', '-s', '16', '-e', 'trace=fsync,fdatasync,sendto,write,writev', '-p', String(pid), '-o', out], {
    stdout: 'ignore',
    stderr: 'pipe',
  });
  // strace says on stderr once it has attached to the process's threads
  const reader = strace.stderr.getReader();
  for (let seen = ''; !/attached/.test(seen); ) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`strace could not attach: ${seen}`);
    seen += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  try {
    await during();
  } finally {
    strace.kill('SIGINT');
    await strace.exited;
  }
  return readFileSync(out, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (/\b(fsync|fdatasync)\(\d+<[^>]*\/pg_wal\//.test(line)) return ['flush' as const];
      if (/TCP:\[.*"HTTP\/1\.1 201/.test(line)) return ['created' as const];
      return [];
    });
}

test.skipIf(!STRACE)(
  'EMBEDDED_DURABILITY=commit (default): the WAL is flushed (fsync) before each create is answered; relaxed: never',
  async () => {
    for (const [mode, flushesPerCreate] of [
      ['', 1],
      ['relaxed', 0],
    ] as const) {
      server = await startServerProcess({ ...EMBEDDED, DATA_DIR: dataDir(), EMBEDDED_DURABILITY: mode });
      const owner = await server.bootstrap();
      const creates = 20;
      const events = await traceFlushesAndAnswers(server.proc.pid, async () => {
        for (let i = 0; i < creates; i++) {
          const res = await server!.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: `https://example.com/${i}` } });
          expect(res.status).toBe(201);
        }
      });
      // whether the WAL was flushed between one answer and the next: each answer comes after its own flush
      const before: number[] = [];
      let flushed = 0;
      for (const event of events) {
        if (event === 'flush') flushed = 1;
        else {
          before.push(flushed);
          flushed = 0;
        }
      }
      expect({ mode, before }).toEqual({ mode, before: Array(creates).fill(flushesPerCreate) });
      await server.stop();
      server = undefined;
    }
  },
  120_000,
);
if (!STRACE) console.warn('embedded-durability: strace is not installed, the flush test is skipped');

test('links acknowledged just before a kill -9 are all there after a restart on the same DATA_DIR', async () => {
  const dir = dataDir();
  server = await startServerProcess({ ...EMBEDDED, DATA_DIR: dir });
  const owner = await server.bootstrap();
  const created = await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      server!.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: `https://example.com/kill/${i}`, tags: ['kept'] } }),
    ),
  );
  expect(created.map((res) => res.status)).toEqual(Array(25).fill(201));
  const renamed = await server.api('PATCH', `/workspaces/${owner.workspaceId}/links/${created[0]!.body.id}`, {
    key: owner.key,
    body: { target: 'https://example.com/kill/patched' },
  });
  expect(renamed.status).toBe(200);
  server.proc.kill('SIGKILL');
  await server.proc.exited;

  server = await startServerProcess({ ...EMBEDDED, DATA_DIR: dir });
  const listed = await server.api('GET', `/workspaces/${owner.workspaceId}/links?limit=100`, { key: owner.key });
  expect(listed.status).toBe(200);
  const targets = new Map<string, string>(listed.body.links.map((link: { id: string; target: string }) => [link.id, link.target]));
  expect(targets.size).toBe(25);
  for (const [i, res] of created.entries())
    expect(targets.get(res.body.id)).toBe(i === 0 ? 'https://example.com/kill/patched' : `https://example.com/kill/${i}`);
}, 120_000);

test('EMBEDDED_DURABILITY is commit by default, relaxed on request, and nothing else', () => {
  expect(loadConfig({}).embeddedDurability).toBe('commit');
  expect(loadConfig({ EMBEDDED_DURABILITY: 'relaxed' }).embeddedDurability).toBe('relaxed');
  expect(() => loadConfig({ EMBEDDED_DURABILITY: 'off' })).toThrow('EMBEDDED_DURABILITY must be "commit" (the default) or "relaxed", got "off"');
});
