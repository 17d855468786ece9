import { afterAll, beforeAll, expect, test } from 'bun:test';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { backupTables } from '../../app/backup';
import { type Database, openDatabase, rowsOf } from '../../core/db';
import { DEFAULT_DOMAIN } from '../helpers/app';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/db';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { BROWSER_UA } from '../links/fixtures';

/**
 * `cli backup` / `cli restore` as an operator runs them: the backup taken from a running embedded
 * server (real process, through its control socket), restored into an empty DATA_DIR (and, with
 * TEST_DATABASE_URL, into PostgreSQL and back), every table's rows compared.
 */
const ROOT = join(import.meta.dir, '../..');
const EMBEDDED = { DATABASE_URL: '', REDIS_URL: '' };
/** a plugin whose state (ctx.store) the backup must keep */
const PLUGINS = './plugins/examples/utm-enforcer.ts';
const CAMPAIGN = (wsId: string) => `/plugins/utm-enforcer/workspaces/${wsId}`;
const dirs: string[] = [];
let source: string;
let backupFile: string;
let server: ServerProcess | undefined;
let owner: { workspaceId: string; key: string };
let linkIds: string[];

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkhop-backup-'));
  dirs.push(dir);
  return dir;
};

function cli(args: string[], env: Record<string, string>) {
  const proc = Bun.spawnSync([process.execPath, 'app/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...EMBEDDED, LOG_LEVEL: 'silent', ...env },
    timeout: 120_000,
  });
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() };
}

/** Every table's rows as PostgreSQL's JSON of them (timestamps in UTC), sorted: equal means the same data. */
async function tableRows(database: Database): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    for (const { name } of backupTables()) {
      all[name] = rowsOf<{ row: string }>(await tx.execute(sql.raw(`select to_jsonb(t)::text as row from "${name}" t order by 1`))).map((r) => r.row);
    }
  });
  return all;
}

async function rowsOfDataDir(dataDir: string) {
  const database = await openDatabase({ dataDir, migrate: false });
  try {
    return await tableRows(database);
  } finally {
    await database.close();
  }
}

/** Links with rules, tags, a password and an expiry, tag metadata, a member by invitation, a client workspace, keys, a portfolio, a webhook, stored clicks, and a plugin's state. */
async function seed(s: ServerProcess) {
  owner = await s.bootstrap('agency');
  const ws = `/workspaces/${owner.workspaceId}`;
  const ok = async (method: string, path: string, body?: unknown, key = owner.key) => {
    const res = await s.api(method, path, { key, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  const ruled = await ok('POST', `${ws}/links`, {
    target: 'https://example.com/rich',
    tags: ['launch', 'q4'],
    password: 'correct horse battery',
    expires_at: '2030-01-02T03:04:05.678Z',
    note: 'a note with "quotes" and ünïcode ✓',
    utm_params: { source: 'backup' },
    rules: [
      {
        name: 'german speakers',
        conditions: [{ field: 'country', operator: 'in', value: ['DE', 'AT'] }],
        action: { type: 'redirect', url: 'https://example.de/' },
      },
    ],
  });
  await ok('PUT', `${ws}/links/tags/launch`, { color: '#ff8800', description: 'Launch week' });
  const { created } = await ok('POST', `${ws}/links/bulk`, {
    links: Array.from({ length: 20 }, (_, i) => ({ target: `https://example.com/bulk/${i}`, tags: ['bulk'] })),
  });
  linkIds = [ruled.id, ...created.map((link: { id: string }) => link.id)];
  const invite = await ok('POST', `${ws}/invites`, { email: 'editor@example.com', role: 'editor' });
  const accepted = await s.api('POST', `/invites/${invite.token}/accept`, { body: { name: 'Ed Itor' } });
  expect(accepted.status).toBe(200);
  await ok('POST', `${ws}/api-keys`, { name: 'ci key', role: 'viewer' });
  await ok('POST', `${ws}/clients`, { name: 'Client One' });
  const portfolio = await ok('POST', `${ws}/portfolios`, { name: 'Best of' });
  await ok('POST', `${ws}/portfolios/${portfolio.id}/links`, { link_ids: linkIds.slice(1, 4) });
  // an event that does not happen here: no delivery is written after the backup
  await ok('POST', `${ws}/webhooks`, { name: 'hook', url: 'https://127.0.0.1:9/in', events: ['link.broken'] });
  // visits: raw clicks, rollups and visitor bookkeeping, stored by the server's click batches
  for (const [i, id] of linkIds.slice(1, 6).entries()) {
    const { slug } = await ok('GET', `${ws}/links/${id}`);
    for (let v = 0; v <= i; v++) {
      const res = await fetch(`${s.url}/${slug}`, { headers: { host: DEFAULT_DOMAIN, 'user-agent': BROWSER_UA }, redirect: 'manual' });
      expect(res.status).toBe(302);
    }
  }
  for (let tries = 0; (await ok('GET', `${ws}/stats/summary`)).total_clicks < 15; tries++) {
    if (tries > 100) throw new Error('clicks were not stored');
    await Bun.sleep(100);
  }
  await ok('PUT', CAMPAIGN(owner.workspaceId), { campaign: 'spring-sale' });
}

beforeAll(async () => {
  source = tempDir();
  backupFile = join(tempDir(), 'linkhop.backup.gz');
  server = await startServerProcess({ ...EMBEDDED, DATA_DIR: source, WEBHOOK_ALLOW_PRIVATE: 'true', PLUGINS });
  await seed(server);
  // the last request's API-key bookkeeping is written after its answer
  await Bun.sleep(1000);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('backup while the embedded server runs (through its control socket), restore into an empty DATA_DIR: every table identical', async () => {
  expect(statSync(join(source, 'linkhop.sock')).mode & 0o777).toBe(0o600);
  const taken = cli(['backup', '--out', backupFile], { DATA_DIR: source });
  expect(taken.err).toBe('');
  expect(taken.code).toBe(0);
  const answer = JSON.parse(taken.out);
  expect(answer).toMatchObject({ file: backupFile, taken_by: 'the running server' });
  expect(answer.tables).toMatchObject({ links: 21, memberships: 3, workspaces: 2, tags: 1, users: 2, clicks: 15, plugin_state: 1 });
  expect(statSync(backupFile).mode & 0o777).toBe(0o600);
  // the server kept serving (a request that writes nothing: the source is compared below)
  expect((await fetch(`${server!.url}/healthz`)).status).toBe(200);
  await server!.stop();
  server = undefined;
  const before = await rowsOfDataDir(source);

  const target = tempDir();
  const restored = cli(['restore', '--in', backupFile], { DATA_DIR: target });
  expect(restored.err).toBe('');
  expect(restored.code).toBe(0);
  expect(JSON.parse(restored.out).restored).toEqual(answer.tables);
  const after = await rowsOfDataDir(target);
  for (const { name } of backupTables()) expect({ name, rows: after[name] }).toEqual({ name, rows: before[name]! });

  // the restored instance serves as the old one did: keys, links, the password form, stats, the plugin's state
  server = await startServerProcess({ ...EMBEDDED, DATA_DIR: target, PLUGINS });
  expect((await server.api('GET', CAMPAIGN(owner.workspaceId), { key: owner.key })).body).toEqual({ campaign: 'spring-sale', links_stamped: 0 });
  const link = await server.api('GET', `/workspaces/${owner.workspaceId}/links/${linkIds[0]}`, { key: owner.key });
  expect(link.status).toBe(200);
  expect(link.body).toMatchObject({ tags: ['launch', 'q4'], has_password: true, expires_at: '2030-01-02T03:04:05.678Z' });
  const visit = await fetch(`${server.url}/${link.body.slug}`, { headers: { host: DEFAULT_DOMAIN, 'user-agent': BROWSER_UA }, redirect: 'manual' });
  expect(visit.status).toBe(200);
  expect(await visit.text()).toContain('name="password"');
  expect((await server.api('GET', `/workspaces/${owner.workspaceId}/stats/summary`, { key: owner.key })).body.total_clicks).toBe(15);
  // a new row after the restore takes the next id (sequences moved past the restored ones)
  expect((await server.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: 'https://example.com/after' } })).status).toBe(
    201,
  );
  await server.stop();
  server = undefined;
}, 180_000);

test('restore refuses a target that has data, a file that is not a backup, and a truncated one, changing nothing', async () => {
  const full = cli(['restore', '--in', backupFile], { DATA_DIR: source });
  expect(full.code).toBe(2);
  expect(JSON.parse(full.err).error).toContain('the target is not empty');

  const garbage = join(tempDir(), 'garbage.gz');
  writeFileSync(garbage, 'this is not a backup at all');
  const empty = tempDir();
  const notBackup = cli(['restore', '--in', garbage], { DATA_DIR: empty });
  expect(notBackup.code).toBe(2);
  expect(JSON.parse(notBackup.err).error).toContain('not a Linkhop backup');

  const truncated = join(tempDir(), 'truncated.gz');
  const bytes = readFileSync(backupFile);
  writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
  const cut = cli(['restore', '--in', truncated], { DATA_DIR: empty });
  expect(cut.code).toBe(2);
  expect(JSON.parse(cut.err).error).toMatch(/damaged|incomplete/);
  // nothing of the failed restores was kept: the same target takes the whole backup afterwards
  const retry = cli(['restore', '--in', backupFile], { DATA_DIR: empty });
  expect(retry.code).toBe(0);

  const missing = cli(['restore', '--in', join(empty, 'nope.gz')], { DATA_DIR: tempDir() });
  expect(missing.code).toBe(2);
  expect(JSON.parse(missing.err).error).toContain('no backup file');
}, 180_000);

test.skipIf(!TEST_DATABASE_URL)(
  'portable: the embedded backup restores into PostgreSQL, whose backup restores into an empty DATA_DIR, identical',
  async () => {
    const before = await rowsOfDataDir(source);
    const postgres = await createTestDatabase();
    try {
      const intoPostgres = cli(['restore', '--in', backupFile], { DATABASE_URL: postgres.url! });
      expect(intoPostgres.err).toBe('');
      expect(intoPostgres.code).toBe(0);
      const inPostgres = await tableRows(postgres);
      for (const { name } of backupTables()) expect({ name, rows: inPostgres[name] }).toEqual({ name, rows: before[name]! });

      const fromPostgres = join(tempDir(), 'from-postgres.gz');
      const taken = cli(['backup', '--out', fromPostgres], { DATABASE_URL: postgres.url! });
      expect(taken.code).toBe(0);
      expect(JSON.parse(taken.out).taken_by).toBe('the cli');
      const target = tempDir();
      expect(cli(['restore', '--in', fromPostgres], { DATA_DIR: target }).code).toBe(0);
      const back = await rowsOfDataDir(target);
      for (const { name } of backupTables()) expect({ name, rows: back[name] }).toEqual({ name, rows: before[name]! });
    } finally {
      await postgres.close();
    }
  },
  180_000,
);
if (!TEST_DATABASE_URL) console.warn('backup: TEST_DATABASE_URL is unset, the PostgreSQL round trip is skipped');

test('backup refuses a .partial already there (planted by another user) and leaves it alone; its own file is 0600', () => {
  const dir = tempDir();
  const out = join(dir, 'planted.backup.gz');
  const planted = `${out}.partial`;
  writeFileSync(planted, 'planted');
  chmodSync(planted, 0o666);
  // as root (CI), the planted file is another user's: the backup must not land in a file they own and can read
  const nobody = process.getuid?.() === 0 ? 65534 : undefined;
  if (nobody !== undefined) chownSync(planted, nobody, nobody);
  const refused = cli(['backup', '--out', out], { DATA_DIR: source });
  expect(refused.code).toBe(2);
  expect(JSON.parse(refused.err).error).toContain(`${planted} already exists`);
  expect(readFileSync(planted, 'utf8')).toBe('planted');
  if (nobody !== undefined) expect(statSync(planted).uid).toBe(nobody);
  expect(existsSync(out)).toBe(false);

  rmSync(planted);
  const taken = cli(['backup', '--out', out], { DATA_DIR: source });
  expect(taken.code).toBe(0);
  expect(statSync(out).mode & 0o777).toBe(0o600);
  expect(statSync(out).uid).toBe(process.getuid!());
  expect(existsSync(planted)).toBe(false);
}, 120_000);

/** `backupFile` with the first row of `table` changed by `edit`: the file, and that row's id. */
function crafted(table: string, edit: (row: Record<string, unknown>) => Record<string, unknown>): { file: string; id: unknown } {
  let section = '';
  let done = false;
  let id: unknown;
  const lines = gunzipSync(readFileSync(backupFile))
    .toString()
    .split('\n')
    .map((line) => {
      if (!line || done) return line;
      const value = JSON.parse(line);
      if (typeof value.table === 'string' && Number.isSafeInteger(value.rows)) section = value.table;
      else if (section === table) {
        done = true;
        id = value.id;
        return JSON.stringify(edit(value));
      }
      return line;
    });
  expect(done).toBe(true);
  const file = join(tempDir(), `crafted-${table}.gz`);
  writeFileSync(file, gzipSync(lines.join('\n')));
  return { file, id };
}

test('restore validates every row as the API would: an unknown plan, a javascript: target, a smuggled operator flag refuse the whole restore by table, row and field', () => {
  const target = tempDir();
  const refusal = ({ file }: { file: string }, ...flags: string[]) => {
    const res = cli(['restore', '--in', file, ...flags], { DATA_DIR: target, DEFAULT_DOMAIN });
    expect(res.code).toBe(2);
    return JSON.parse(res.err).error as string;
  };
  const plan = crafted('workspaces', (row) => ({ ...row, plan: 'enterprise' }));
  expect(refusal(plan)).toContain(`table workspaces, row "${plan.id}", field plan: "enterprise" is not one of free, pro, team, agency`);

  const script = crafted('links', (row) => ({ ...row, target: 'javascript:alert(document.cookie)' }));
  expect(refusal(script)).toContain(`table links, row "${script.id}", field target: `);
  const loop = crafted('links', (row) => ({ ...row, target: `https://${DEFAULT_DOMAIN}/${row.slug}` }));
  expect(refusal(loop)).toContain('a redirect loop');

  const operator = crafted('users', (row) => ({ ...row, is_operator: true }));
  expect(refusal(operator)).toContain(`table users, row "${operator.id}", field is_operator: `);
  // nothing of the refused restores was kept; the operator restoring their own backup may keep its operators
  const kept = cli(['restore', '--in', operator.file, '--keep-operators'], { DATA_DIR: target, DEFAULT_DOMAIN });
  expect(kept.err).toBe('');
  expect(kept.code).toBe(0);
}, 180_000);
