import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../core/format';
import { links } from '../../modules/links/schema';
import { operatorCli } from '../helpers/cli';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { startServerProcess } from '../helpers/server-process';
import { startChatReceiver } from './chat-receiver';

/** PLUGINS in every process, as an operator starts them: the server, the CLI, the workers. */
const ROOT = join(import.meta.dir, '../..');
const NOTIFIER = './plugins/examples/broken-link-notifier.ts';
const SETUP_FAILS = `Plugin "broken-link-notifier" (${NOTIFIER}) failed in setup: set BROKEN_LINK_CHAT_URL to the chat webhook to post to`;
const chat = startChatReceiver();
const operator = operatorCli({ PLUGINS: NOTIFIER, BROKEN_LINK_CHAT_URL: chat.chatUrl, WEBHOOK_ALLOW_PRIVATE: 'true' });
const misconfigured = operatorCli({ PLUGINS: NOTIFIER, BROKEN_LINK_CHAT_URL: '' });
const dataDir = mkdtempSync(join(tmpdir(), 'linkhop-plugins-'));

beforeAll(() => Promise.all([operator.setUp(), misconfigured.setUp()]));
afterAll(async () => {
  await Promise.all([operator.tearDown(), misconfigured.tearDown()]);
  rmSync(dataDir, { recursive: true, force: true });
  chat.close();
});

async function run(script: string, args: string[], env: Record<string, string>) {
  const processEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  const proc = Bun.spawn([process.execPath, script, ...args], { cwd: ROOT, env: processEnv, stdout: 'pipe', stderr: 'pipe' });
  const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  return { code, err };
}

test('the CLI loads PLUGINS: `cli monitor` emits link.broken and the notifier posts it before the CLI exits', async () => {
  const boot = JSON.parse(operator.run('bootstrap', '--email', 'ops@example.com', '--plan', 'pro').out);
  const database = await operator.openDatabase();
  try {
    // no link command in the CLI: the row as the links module writes it, on the default domain of the CLI's config
    const row = { id: newId(), workspaceId: boot.workspace_id, createdBy: boot.user_id, domain: 'localhost:3000', slug: 'dead', target: chat.deadUrl };
    await database.db.insert(links).values({ ...row, monitoring: true });
  } finally {
    await database.close();
  }
  const monitor = await operator.runAsync('monitor');
  expect({ code: monitor.code, err: monitor.err }).toEqual({ code: 0, err: '' });
  expect(JSON.parse(monitor.out)).toEqual({ checked: 1, broken: 1, recovered: 0 });
  expect(chat.messages).toEqual([`Broken link localhost:3000/dead: ${chat.deadUrl} answers 404`]);

  const refused = await misconfigured.runAsync('monitor');
  expect(refused.code).toBe(1);
  expect(JSON.parse(refused.err)).toEqual({ error: SETUP_FAILS });
}, 180_000);

test('the server loads PLUGINS before it listens (their routes answer), and a plugin failing in setup stops it naming the plugin and file', async () => {
  const embedded = { DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir };
  const failed = await run('app/main.ts', [], { ...embedded, PORT: '0', PLUGINS: NOTIFIER, BROKEN_LINK_CHAT_URL: '' });
  expect(failed).toEqual({ code: 1, err: `${SETUP_FAILS}\n` });
  const missing = await run('app/main.ts', [], { ...embedded, PORT: '0', PLUGINS: './plugins/no-such-plugin.ts' });
  expect(missing.code).toBe(1);
  expect(missing.err).toStartWith('Plugin ./plugins/no-such-plugin.ts could not be loaded: ');

  const server = await startServerProcess({ ...embedded, PLUGINS: './plugins/examples/maintenance-mode.ts' });
  try {
    const ws = await server.bootstrap('pro');
    const path = `/plugins/maintenance-mode/workspaces/${ws.workspaceId}`;
    const body = { page_url: 'https://status.example.com/' };
    expect((await server.api('PUT', path, { key: ws.key, body })).body).toEqual(body);
    expect((await server.api('GET', path, { key: ws.key })).body).toEqual({ page_url: 'https://status.example.com/' });
  } finally {
    await server.stop();
  }
}, 120_000);

const production = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
test.skipIf(!production)(
  'a worker process loads PLUGINS: a failing plugin stops it by name; the queues it names include plugins',
  async () => {
    const database = await createTestDatabase();
    const env = { DATABASE_URL: database.url!, REDIS_URL: TEST_REDIS_URL!, REDIS_PREFIX: `lht-plugin-workers-${process.pid}`, PLUGINS: NOTIFIER };
    try {
      expect(await run('app/workers/main.ts', [], { ...env, BROKEN_LINK_CHAT_URL: '' })).toEqual({ code: 2, err: `${SETUP_FAILS}\n` });
      const typo = await run('app/workers/main.ts', ['plugin'], { ...env, BROKEN_LINK_CHAT_URL: chat.chatUrl });
      expect(typo.code).toBe(2);
      expect(typo.err).toMatch(/^Unknown queue plugin: the queues are .*\bplugins\b/);
    } finally {
      await database.close();
    }
  },
  60_000,
);
