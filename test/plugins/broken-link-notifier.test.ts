import { afterAll, beforeAll, expect, test } from 'bun:test';
import { runPluginJobs, type PluginJobRunner } from '../../app/plugin-testing';
import { setupPlugins } from '../../app/plugins';
import brokenLinkNotifier from '../../plugins/examples/broken-link-notifier';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { bootstrapOver, startApiProcess, startWorkerProcess, waitFor, type ApiProcess, type ChildProcess } from '../helpers/processes';
import { deleteRedisPrefix } from '../helpers/redis';
import { startChatReceiver } from './chat-receiver';

const chat = startChatReceiver();
let t: TestApp;
let jobs: PluginJobRunner;
beforeAll(async () => {
  process.env.BROKEN_LINK_CHAT_URL = chat.chatUrl;
  // loopback targets need WEBHOOK_ALLOW_PRIVATE; the interval is long so only the test runs passes
  t = await startTestApp({ plugins: [brokenLinkNotifier], env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { monitorIntervalMs: 3_600_000 } });
  jobs = await runPluginJobs(t.deps);
});
afterAll(async () => {
  delete process.env.BROKEN_LINK_CHAT_URL;
  await t.close();
  chat.close();
});

test('a link that breaks is posted to the chat once, by a job that is retried when the chat refuses', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const body = { target: chat.deadUrl, monitoring: true, title: 'Spring sale' };
  const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body });
  expect(link.status).toBe(201);
  chat.failNext = 1;
  const pass = await t.api('POST', '/admin/monitoring/run', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(pass.body).toEqual({ checked: 1, broken: 1, recovered: 0 });
  await jobs.settle(); // the event's handler, its job and the job's retry
  expect(chat.refused()).toBe(1);
  expect(chat.messages).toEqual([`Broken link "Spring sale" (${link.body.short_url}): ${chat.deadUrl} answers 404`]);

  // still broken on the next pass: no new event, no new message
  await t.api('POST', '/admin/monitoring/run', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  await jobs.settle();
  expect(chat.messages).toHaveLength(1);
});

test('without BROKEN_LINK_CHAT_URL the plugin refuses to start, saying what to set', async () => {
  delete process.env.BROKEN_LINK_CHAT_URL;
  const source = { plugin: brokenLinkNotifier, from: './plugins/examples/broken-link-notifier.ts' };
  const error = await setupPlugins(t.deps, [source], { schedule: false }).catch((e: Error) => e.message);
  process.env.BROKEN_LINK_CHAT_URL = chat.chatUrl;
  expect(error).toBe(
    'Plugin "broken-link-notifier" (./plugins/examples/broken-link-notifier.ts) failed in setup: set BROKEN_LINK_CHAT_URL to the chat webhook to post to',
  );
});

/** Production: the monitor runs in a worker process, so `link.broken` is emitted there, and the plugin loaded there posts it. */
const production = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
test.skipIf(!production)(
  'in production the monitoring worker process sees link.broken and runs the job; the API process runs no job',
  async () => {
    const database = await createTestDatabase();
    const redisPrefix = `lht-notifier-${process.pid}`;
    const env = {
      databaseUrl: database.url!,
      redisUrl: TEST_REDIS_URL!,
      redisPrefix,
      PLUGINS: './plugins/examples/broken-link-notifier.ts',
      BROKEN_LINK_CHAT_URL: chat.chatUrl,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      MONITOR_INTERVAL_MS: '500',
    };
    let api: ApiProcess | undefined;
    let worker: ChildProcess | undefined;
    try {
      api = await startApiProcess(env);
      const ws = await bootstrapOver(api, 'pro');
      const link = await api.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: `${chat.deadUrl}?worker`, monitoring: true } });
      expect(link.status).toBe(201);
      await Bun.sleep(1500);
      expect(chat.messages.filter((m) => m.includes('?worker'))).toEqual([]); // scheduled passes wait for a worker

      worker = await startWorkerProcess(env); // `bun run worker`: every queue, the plugins' among them
      await waitFor(() => chat.messages.some((m) => m.includes('?worker')), 20_000, 'the chat message from the worker');
      const fromWorker = chat.messages.filter((m) => m.includes('?worker'));
      expect(fromWorker).toEqual([`Broken link ${link.body.domain}/${link.body.slug}: ${chat.deadUrl}?worker answers 404`]);
      expect(worker.logged('plugin loaded')).toBe(1);
      expect(api.logged('plugin loaded')).toBe(1);
    } finally {
      await Promise.all([api?.stop(), worker?.stop()]);
      await database.close();
      await deleteRedisPrefix(TEST_REDIS_URL!, redisPrefix);
    }
  },
  60_000,
);
