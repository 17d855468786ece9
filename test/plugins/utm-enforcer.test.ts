import { afterAll, beforeAll, expect, test } from 'bun:test';
import { runPluginJobs, type PluginJobRunner } from '../../app/plugin-testing';
import utmEnforcer from '../../plugins/examples/utm-enforcer';
import { startTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { bootstrapOver, startApiProcess, startWorkerProcess, waitFor, type ApiProcess, type ChildProcess } from '../helpers/processes';
import { deleteRedisPrefix } from '../helpers/redis';

/** The example written from the guide alone: a route and a hook in the API, a job in a worker, state shared through ctx.store. */
const PLUGIN = './plugins/examples/utm-enforcer.ts';
const path = (wsId: string) => `/plugins/utm-enforcer/workspaces/${wsId}`;

let t: TestApp;
let jobs: PluginJobRunner;
beforeAll(async () => {
  t = await startTestApp({ plugins: [utmEnforcer] });
  jobs = await runPluginJobs(t.deps);
});
afterAll(() => t.close());

test('an admin sets a campaign: new links with UTM parameters carry it, links without get the workspace defaults, and a job counts them', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const other = await t.bootstrap({ plan: 'pro' });
  const links = `/workspaces/${ws.workspaceId}/links`;
  expect((await t.api('GET', path(ws.workspaceId), { key: ws.key })).body).toEqual({ campaign: null, links_stamped: 0 });
  expect((await t.api('PUT', path(ws.workspaceId), { body: { campaign: 'spring-sale' } })).status).toBe(401);
  expect((await t.api('PUT', path(ws.workspaceId), { key: ws.key, body: { campaign: '' } })).status).toBe(400);
  const set = await t.api('PUT', path(ws.workspaceId), { key: ws.key, body: { campaign: 'spring-sale' } });
  expect(set).toMatchObject({ status: 200, body: { campaign: 'spring-sale', links_stamped: 0 } });

  const defaults = { source: 'linkhop', medium: 'link' };
  expect((await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { default_utm_params: defaults } })).status).toBe(200);
  const own = await t.api('POST', links, { key: ws.key, body: { target: 'https://example.com/a', utm_params: { source: 'newsletter' } } });
  expect(own.body.utm_params).toEqual({ source: 'newsletter', campaign: 'spring-sale' });
  // its own campaign wins over the stamp
  const theirs = await t.api('POST', links, { key: ws.key, body: { target: 'https://example.com/b', utm_params: { campaign: 'autumn' } } });
  expect(theirs.body.utm_params).toEqual({ campaign: 'autumn' });
  // no UTM of its own: the hook leaves it, and the defaults fill it after the hooks
  const bare = await t.api('POST', links, { key: ws.key, body: { target: 'https://example.com/c' } });
  expect(bare.body.utm_params).toEqual(defaults);
  const elsewhere = await t.api('POST', `/workspaces/${other.workspaceId}/links`, {
    key: other.key,
    body: { target: 'https://example.com/d', utm_params: { source: 'x' } },
  });
  expect(elsewhere.body.utm_params).toEqual({ source: 'x' });

  await jobs.settle(); // the link.created handlers and the tally jobs they queued
  expect((await t.api('GET', path(ws.workspaceId), { key: ws.key })).body).toEqual({ campaign: 'spring-sale', links_stamped: 1 });
  expect((await t.api('GET', path(other.workspaceId), { key: other.key })).body).toEqual({ campaign: null, links_stamped: 0 });

  const off = await t.api('PUT', path(ws.workspaceId), { key: ws.key, body: { campaign: null } });
  expect(off.body).toEqual({ campaign: null, links_stamped: 1 });
  const after = await t.api('POST', links, { key: ws.key, body: { target: 'https://example.com/e', utm_params: { source: 'newsletter' } } });
  expect(after.body.utm_params).toEqual({ source: 'newsletter' });
});

/** Production: the hook and the route run in the API process, the job in a `plugins` worker process; the count is the store's. */
const production = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!production) console.warn('utm-enforcer: TEST_DATABASE_URL or TEST_REDIS_URL is unset, the production-mode test is skipped');
test.skipIf(!production)(
  'in production the API stamps and answers, a `plugins` worker process runs the job, and both share the count',
  async () => {
    const database = await createTestDatabase();
    const redisPrefix = `lht-utm-enforcer-${process.pid}`;
    const env = { databaseUrl: database.url!, redisUrl: TEST_REDIS_URL!, redisPrefix, PLUGINS: PLUGIN };
    let api: ApiProcess | undefined;
    let worker: ChildProcess | undefined;
    try {
      api = await startApiProcess(env);
      const ws = await bootstrapOver(api, 'pro');
      expect((await api.api('PUT', path(ws.workspaceId), { key: ws.key, body: { campaign: 'spring-sale' } })).status).toBe(200);
      const link = await api.api('POST', `/workspaces/${ws.workspaceId}/links`, {
        key: ws.key,
        body: { target: 'https://example.com/', utm_params: { source: 'x' } },
      });
      expect(link.body.utm_params).toEqual({ source: 'x', campaign: 'spring-sale' });
      await Bun.sleep(1000);
      expect((await api.api('GET', path(ws.workspaceId), { key: ws.key })).body.links_stamped).toBe(0); // the job waits for a worker

      worker = await startWorkerProcess(env, ['plugins']);
      const stamped = async () => (await api!.api('GET', path(ws.workspaceId), { key: ws.key })).body.links_stamped === 1;
      await waitFor(stamped, 20_000, 'the worker to count the link');
      expect(worker.logged('plugin loaded')).toBe(1);
    } finally {
      await Promise.all([api?.stop(), worker?.stop()]);
      await database.close();
      await deleteRedisPrefix(TEST_REDIS_URL!, redisPrefix);
    }
  },
  60_000,
);
