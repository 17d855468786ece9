import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../core/db';
import { users } from '../../modules/members/schema';
import { storedClicks } from '../helpers/clicks';
import { DEFAULT_DOMAIN } from '../helpers/app';
import { BROWSER_UA } from '../links/fixtures';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

/**
 * The embedded default's DATA_DIR with real processes, as an operator meets it: `npm start`
 * (bun app/main.ts) on a data directory, the CLI and a second server beside it, a clean stop.
 * Embedded in both test modes (no DATABASE_URL, no REDIS_URL).
 */
const ROOT = join(import.meta.dir, '../..');
const EMBEDDED = { DATABASE_URL: '', REDIS_URL: '' };
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'linkhop-data-dir-'));
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(script: string, args: string[], extra: Record<string, string> = {}) {
  const proc = Bun.spawnSync([process.execPath, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...EMBEDDED, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra },
    timeout: 60_000,
  });
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() };
}

async function userExists(email: string) {
  const database = await openDatabase({ dataDir, migrate: false });
  try {
    return (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;
  } finally {
    await database.close();
  }
}

test('while a server runs on DATA_DIR, the CLI and a second server refuse it, naming the server; nothing is written', async () => {
  server = await startServerProcess({ ...EMBEDDED, DATA_DIR: dataDir });
  const pid = String(server.proc.pid);

  const cli = run('app/cli.ts', ['bootstrap', '--email', 'while-running@example.com']);
  expect(cli.code).toBe(1);
  expect(cli.out).toBe('');
  const { error } = JSON.parse(cli.err);
  expect(error).toContain(`in use by process ${pid}`);
  expect(error).toContain('app/main.ts');

  const second = run('app/main.ts', [], { PORT: '0' });
  expect(second.code).toBe(1);
  expect(second.err).toContain(`in use by process ${pid}`);

  // the running server is unharmed, and its lock is its own
  expect((await server.api('GET', '/workspaces', { key: 'lh_nope' })).status).toBe(401);
  expect(JSON.parse(readFileSync(join(dataDir, 'linkhop.lock'), 'utf8')).pid).toBe(server.proc.pid);
  await server.stop();
  server = undefined;

  expect(await userExists('while-running@example.com')).toBe(false);
  // once the server has stopped, the CLI writes, and what it reports exists
  const after = run('app/cli.ts', ['bootstrap', '--email', 'after-stop@example.com']);
  expect(after.code).toBe(0);
  expect(JSON.parse(after.out).api_key).toMatch(/^lh_/);
  expect(await userExists('after-stop@example.com')).toBe(true);
}, 120_000);

test('a lock left by a process that is gone is taken over', async () => {
  const gone = Bun.spawnSync(['true']).pid;
  writeFileSync(join(dataDir, 'linkhop.lock'), JSON.stringify({ pid: gone, command: 'bun app/main.ts', since: '2026-01-01T00:00:00.000Z' }));
  const cli = run('app/cli.ts', ['bootstrap', '--email', 'stale-lock@example.com']);
  expect(cli.err).toBe('');
  expect(cli.code).toBe(0);
  expect(await userExists('stale-lock@example.com')).toBe(true);
}, 120_000);

test('a clean stop stores the last click batch: N visits, N click rows and click_count N', async () => {
  server = await startServerProcess({ ...EMBEDDED, DATA_DIR: dataDir });
  const owner = await server.bootstrap();
  const created = await server.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: 'https://example.com/stop' } });
  expect(created.status).toBe(201);
  const visits = 1_500;
  const answers = await Promise.all(
    Array.from({ length: visits }, () =>
      fetch(`${server!.url}/${created.body.slug}`, { headers: { host: DEFAULT_DOMAIN, 'user-agent': BROWSER_UA }, redirect: 'manual' }).then((r) => r.status),
    ),
  );
  expect(answers.filter((status) => status === 302)).toHaveLength(visits);
  // SIGTERM at once: the clicks still in the request thread's batch are stored before exit
  server.proc.kill('SIGTERM');
  expect(await server.proc.exited).toBe(0);
  server = undefined;

  const database = await openDatabase({ dataDir, migrate: false });
  try {
    expect(await storedClicks(database.db, [created.body.id])).toEqual({ rows: visits, counted: visits });
  } finally {
    await database.close();
  }
}, 120_000);
