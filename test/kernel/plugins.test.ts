import { afterAll, beforeAll, expect, test } from 'bun:test';
import { HookBus } from '../../core/hooks';
import { ApiError, definePlugin, Int, t as schema, withExample, type PluginContext, type PluginJob } from '../../app/plugin-api';
import { createDeps } from '../../app/deps';
import { runPluginJobs, type PluginJobRunner } from '../../app/plugin-testing';
import { importPlugins, setupPlugins } from '../../app/plugins';
import { waitFor } from '../helpers/processes';
import { startTestApp, type TestApp } from '../helpers/app';

/** Everything a plugin can do, recorded for the tests below. */
const seen = { created: [] as string[], viaHooksOn: [] as string[], jobs: [] as { payload: unknown; attempt: number }[], ticks: 0, cronTicks: 0 };
let facade: PluginContext;
let record: PluginJob<{ n: number }>;
let jobs: PluginJobRunner;

const kitchenSink = definePlugin({
  name: 'kitchen-sink',
  setup(ctx) {
    facade = ctx;
    ctx.on('link.created', ({ data }) => void seen.created.push(data.id));
    ctx.hooks.on('link.deleted', ({ data }) => void seen.viaHooksOn.push(data.id));
    // before the templates module (10): a default title for links created without one
    ctx.hook('link.beforeCreate', ({ link }) => void (link.title ??= 'Set by kitchen-sink'), { order: 5 });
    let failures = 0;
    record = ctx.job('record', schema.Object({ n: Int() }), async (payload, meta) => {
      if (payload.n === 2 && failures++ === 0) throw new Error('a first try fails');
      seen.jobs.push({ payload, attempt: meta.attempt });
    });
    ctx.job('tick', async () => void seen.ticks++, { repeat: { every: 100 } });
    ctx.job('cron', async () => void seen.cronTicks++, { repeat: { pattern: '* * * * * *' } });
    ctx.route({
      method: 'POST',
      path: '/workspaces/:wsId/links',
      access: { role: 'editor' },
      summary: 'Create a link through the plugin services',
      status: 201,
      body: withExample(schema.Object({ target: schema.String() }), { target: 'https://example.com/from-plugin' }),
      response: schema.Object({ id: schema.String(), created_by: schema.String(), title: schema.Union([schema.String(), schema.Null()]) }),
      errors: [400, 409],
      async handler({ workspace, body }) {
        if (body.target.includes('taken')) throw new ApiError(409, 'Taken');
        const link = await ctx.services.links.create(workspace.id, { target: body.target });
        return { id: link.id, created_by: link.created_by, title: link.title };
      },
    });
    ctx.route({
      method: 'GET',
      path: '/whoami',
      access: true,
      summary: 'Who calls',
      query: schema.Object({ shout: schema.Optional(schema.Boolean()) }),
      response: schema.Object({ user_id: schema.String(), shout: schema.Boolean() }),
      handler: ({ actor, query }) => ({ user_id: actor.userId, shout: query.shout ?? false }),
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ plugins: [kitchenSink] });
  // with REDIS_URL jobs run on BullMQ: a worker for a queue no job goes to is refused, naming the queues
  if (t.deps.queue.kind === 'bullmq') {
    const unknown = await t.deps.queue.startWorkers(['nope']).catch((e: Error) => e.message);
    expect(unknown).toContain('plugins');
  }
  jobs = await runPluginJobs(t.deps);
});
afterAll(() => t.close());

test('the facade holds no way to the kernel: no bus, no emit, no database, no queue', () => {
  expect(Object.keys(facade).sort()).toEqual(['config', 'hook', 'hooks', 'job', 'log', 'name', 'on', 'route', 'services', 'store']);
  const kernel = new Set<unknown>([t.deps.bus, t.deps.db, t.deps.database, t.deps.queue, t.deps.cache, t.deps.limiter, t.deps]);
  const reached: string[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || depth > 4) return;
    if (value instanceof HookBus || kernel.has(value)) reached.push(path);
    for (const key of Object.keys(value)) {
      if (['emit', 'run', 'handlersOf', 'bus', 'db', 'queue'].includes(key)) reached.push(`${path}.${key}`);
      // the config is plain data and the logger pino's; neither leads to the kernel
      if (!(path === 'ctx' && (key === 'config' || key === 'log'))) walk((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
    }
  };
  walk(facade, 'ctx', 0);
  expect(reached).toEqual([]);
  // @ts-expect-error a plugin cannot emit the kernel's events
  expect(facade.emit).toBeUndefined();
});

test('events and hooks reach the plugin, typed; a hook with an order runs among the modules', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/a' } });
  expect(res.body.title).toBe('Set by kitchen-sink');
  await t.api('DELETE', `/workspaces/${ws.workspaceId}/links/${res.body.id}`, { key: ws.key });
  await jobs.settle();
  expect(seen.created).toContain(res.body.id);
  expect(seen.viaHooksOn).toEqual([res.body.id]);
});

test('routes live under /api/plugins/<name>, behind the access rule, in the OpenAPI document; the services create links as the API does', async () => {
  const ws = await t.bootstrap({ plan: 'free' });
  const doc = (await t.api('GET', '/openapi.json')).body;
  const op = doc.paths['/api/plugins/kitchen-sink/workspaces/{wsId}/links'].post;
  expect(op.tags).toEqual(['Plugin kitchen-sink']);
  expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '401', '403', '404', '409', '500', '503']);
  expect(Object.keys(doc.paths['/api/plugins/kitchen-sink/whoami'].get.responses).sort()).toEqual(['200', '400', '401', '500', '503']);

  const path = `/plugins/kitchen-sink/workspaces/${ws.workspaceId}/links`;
  expect((await t.api('POST', path, { body: { target: 'https://example.com/x' } })).status).toBe(401);
  expect((await t.api('POST', path, { key: ws.key, body: { target: 'https://example.com/taken' } })).body).toEqual({ error: 'Taken', code: 'conflict' });
  expect((await t.api('POST', path, { key: ws.key, body: { target: 'not a url' } })).status).toBe(400); // the links service's own check
  const created = await t.api('POST', path, { key: ws.key, body: { target: 'https://example.com/from-plugin' } });
  expect(created).toMatchObject({ status: 201, body: { created_by: 'plugin:kitchen-sink', title: 'Set by kitchen-sink' } });
  await jobs.settle();
  expect(seen.created).toContain(created.body.id);
  const audit = (await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=link.create`, { key: ws.key })).body.entries;
  expect(audit.map((e: { user_id: string }) => e.user_id)).toEqual(['plugin:kitchen-sink']);

  expect(await facade.services.links.get(ws.workspaceId, created.body.id)).toMatchObject({ id: created.body.id, target: 'https://example.com/from-plugin' });
  expect(await facade.services.links.get((await t.bootstrap()).workspaceId, created.body.id)).toBeNull();
  expect((await facade.services.links.list(ws.workspaceId, { q: 'from-plugin' })).links.map((l) => l.id)).toEqual([created.body.id]);
  const missing = await facade.services.links.create('no-such-workspace', { target: 'https://example.com/' }).catch((e) => e);
  expect(missing).toBeInstanceOf(ApiError);
  expect(missing.status).toBe(404);

  // the plan limit of the workspace holds for plugins too: Free has no monitoring
  const gated = await facade.services.links.create(ws.workspaceId, { target: 'https://example.com/', monitoring: true }).catch((e) => e);
  expect(gated.status).toBe(402);

  // a worker or the CLI has no app: its deps come with the modules' handlers, so a plugin's create runs the same checks
  const worker = await startTestApp();
  try {
    let inWorker: PluginContext | undefined;
    const inAWorker = { name: 'in-a-worker', setup: (ctx: PluginContext) => void (inWorker = ctx) };
    const workerDeps = await createDeps({ ...worker.config, redisUrl: undefined }, { database: worker.deps.database, log: worker.deps.log });
    await setupPlugins(workerDeps, [{ plugin: inAWorker, from: 'a worker' }], { schedule: false });
    const workerWs = await worker.bootstrap({ plan: 'pro' });
    const badRules = await inWorker!.services.links
      .create(workerWs.workspaceId, { target: 'https://example.com/', rules: [{ name: 'r' }] as never })
      .catch((e) => e);
    expect(badRules).toBeInstanceOf(ApiError); // the rules engine's link.validate check
    expect(badRules.status).toBe(400);
    const createdInWorker = await inWorker!.services.links.create(workerWs.workspaceId, { target: 'https://example.com/in-a-worker' });
    expect(createdInWorker).toMatchObject({ created_by: 'plugin:in-a-worker', target: 'https://example.com/in-a-worker' });
    await workerDeps.bus.settle();
    await workerDeps.queue.close();
  } finally {
    await worker.close();
  }

  await facade.services.audit.record(ws.workspaceId, 'checked', { links: 1 });
  const own = (await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=plugin:kitchen-sink.checked`, { key: ws.key })).body.entries;
  expect(own).toHaveLength(1);
  expect(own[0]).toMatchObject({ user_id: 'plugin:kitchen-sink', details: '{"links":1}' });

  const whoami = await t.api('GET', '/plugins/kitchen-sink/whoami?shout=true', { key: ws.key });
  expect(whoami.body).toEqual({ user_id: ws.userId, shout: true });
  expect((await t.api('GET', '/plugins/kitchen-sink/whoami?shout=loud', { key: ws.key })).status).toBe(400);
});

test('jobs run (retried on failure), repeat on an interval and on a cron pattern; a payload off its schema is refused', async () => {
  expect(record.name).toBe('plugins.kitchen-sink.record');
  await record.enqueue({ n: 1 });
  await jobs.enqueue('kitchen-sink', 'record', { n: 2 }); // as a test queues a plugin's job by its names
  await jobs.settle();
  expect(seen.jobs).toHaveLength(2);
  expect(seen.jobs).toContainEqual({ payload: { n: 1 }, attempt: 0 });
  expect(seen.jobs).toContainEqual({ payload: { n: 2 }, attempt: 1 });
  await waitFor(() => seen.ticks >= 2 && seen.cronTicks >= 1, 10_000, 'repeated jobs');
  // @ts-expect-error the handle is typed from the schema
  const refused = await record.enqueue({ n: 'three' }).catch((e: Error) => e.message);
  expect(refused).toBe('job plugins.kitchen-sink.record: the payload does not match its schema at /n: Expected integer');
});

test('a plugin that cannot load stops start-up with an error naming it and its file', async () => {
  const message = (promise: Promise<unknown>) =>
    promise.then(
      () => 'loaded',
      (e: Error) => `${e.name}: ${e.message}`,
    );
  expect(await message(importPlugins(['./test/kernel/no-such-plugin.ts']))).toStartWith(
    'PluginLoadError: Plugin ./test/kernel/no-such-plugin.ts could not be loaded: ',
  );
  expect(await message(importPlugins(['./core/format.ts']))).toBe(
    'PluginLoadError: Plugin ./core/format.ts does not export a plugin (export default definePlugin({ name, setup }))',
  );
  const setUp = (...plugins: { name: string; setup(ctx: PluginContext): void }[]) =>
    message(
      setupPlugins(
        t.deps,
        plugins.map((plugin) => ({ plugin, from: 'this test' })),
        { schedule: false },
      ),
    );
  const throwing = {
    name: 'throws',
    setup: () => {
      throw new Error('no API token configured');
    },
  };
  expect(await setUp(throwing)).toBe('PluginLoadError: Plugin "throws" (this test) failed in setup: no API token configured');
  const bad = 'PluginLoadError: Plugin "Bad Name" (this test): a name is lower case letters, digits and hyphens';
  expect(await setUp({ name: 'Bad Name', setup() {} })).toBe(bad);
  const twin = 'PluginLoadError: Plugin "twin" (this test): another plugin already has this name';
  expect(await setUp({ name: 'twin', setup() {} }, { name: 'twin', setup() {} })).toBe(twin);
  const unguarded = {
    name: 'unguarded',
    setup: (ctx: PluginContext) =>
      ctx.route({ method: 'GET', path: '/state', access: { role: 'admin' }, summary: 's', response: schema.Object({}), handler: () => ({}) }),
  };
  const twice = {
    name: 'twice',
    setup(ctx: PluginContext) {
      ctx.job('once', async () => {});
      ctx.job('once', async () => {});
    },
  };
  expect(await setUp(twice)).toBe('PluginLoadError: Plugin "twice" (this test) failed in setup: job once is declared twice');
  const repeating = {
    name: 'repeating',
    setup: (ctx: PluginContext) => void ctx.job('daily', schema.Object({ n: Int() }), async () => {}, { repeat: { every: 60_000 } }),
  };
  expect(await setUp(repeating)).toBe(
    'PluginLoadError: Plugin "repeating" (this test) failed in setup: job daily repeats, so its payload is {}: its schema must accept {}',
  );
  expect(await setUp(unguarded)).toBe(
    'PluginLoadError: Plugin "unguarded" (this test) failed in setup: route /state: a role, plan or feature rule needs :wsId in the path',
  );
});
