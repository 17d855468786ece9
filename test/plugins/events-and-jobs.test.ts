import { afterAll, beforeAll, expect, test } from 'bun:test';
import { definePlugin, t as types } from '../../app/plugin-api';
import { type PluginJobRunner, runPluginJobs } from '../../app/plugin-testing';
import { createLogger } from '../../core/logger';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { capturingStream } from '../helpers/log';

// What docs/plugins.md ("Events or jobs", "Testing a plugin") says of events and jobs, shown: a failed
// event handler is logged and counted, never retried; a repeating job can be run by hand in a test.

const TOKEN = 'metrics-token-for-the-events-test';
const ran: string[] = [];
let failures = 0;

const plugin = definePlugin({
  name: 'events-and-jobs',
  setup(ctx) {
    ctx.on('link.created', ({ data }) => {
      failures++;
      throw new Error(`could not react to ${data.slug}`);
    });
    ctx.job('nightly', async () => void ran.push('nightly'), { repeat: { pattern: '0 3 * * *' } });
    ctx.job('once', types.Object({ n: types.Number() }), async ({ n }) => void ran.push(`once ${n}`));
  },
});

const { stream, lines } = capturingStream();
let t: TestApp;
let jobs: PluginJobRunner;
beforeAll(async () => {
  t = await startTestApp({ plugins: [plugin], env: { METRICS_TOKEN: TOKEN }, log: createLogger('info', stream) });
  jobs = await runPluginJobs(t.deps);
}, 180_000);
afterAll(() => t.close());

const failureCount = async () => {
  const res = await t.request('/metrics', { host: new URL(SITE_URL).host, headers: { authorization: `Bearer ${TOKEN}` } });
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith('linkhop_event_handler_failures_total{event="link.created",source="plugin:events-and-jobs"}'));
  return line ? Number(line.split(' ').at(-1)) : 0;
};

test('a failing event handler: the caller is answered, the failure is logged naming the event and the plugin, counted, and not retried', async () => {
  const ws = await t.bootstrap();
  const before = await failureCount();
  const created = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/' } });
  expect(created.status).toBe(201);
  await jobs.settle();
  expect(failures).toBe(1);
  const logged = lines.filter((l) => l.msg === 'event handler failed; the event is not retried' && l.source === 'plugin:events-and-jobs');
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({ level: 50, event: 'link.created', err: { message: `could not react to ${created.body.slug}` } });
  expect(await failureCount()).toBe(before + 1);
  // nothing runs it again
  await Bun.sleep(300);
  await jobs.settle();
  expect(failures).toBe(1);
});

test('runScheduledJob runs a repeating job now, once; a job that does not repeat is refused, naming those that do', async () => {
  ran.length = 0;
  await jobs.runScheduledJob('plugins.events-and-jobs.nightly');
  expect(ran).toEqual(['nightly']);
  const refused = await jobs.runScheduledJob('plugins.events-and-jobs.once').then(
    () => 'ran',
    (error: Error) => error.message,
  );
  expect(refused).toStartWith('plugins.events-and-jobs.once is not a repeating job; these are: plugins.events-and-jobs.nightly, ');
  expect(refused).toContain('webhooks.prune');
  expect(ran).toEqual(['nightly']);
});

test("runScheduledJob runs a module's repeating job too", async () => {
  // webhooks.prune drops delivery logs older than 7 days: with none, it runs and settles
  await jobs.runScheduledJob('webhooks.prune');
  const counts = await t.deps.queue.counts();
  expect(counts.webhooks?.failed ?? 0).toBe(0);
});
