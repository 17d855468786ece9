import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { linkHealth } from '../../app/schema';
import { CHECK_CONCURRENCY } from '../../modules/monitoring/service';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';

let t: TestApp;
let certs: TestCerts;
let rx: HttpsReceiver;
let pro: { userId: string; workspaceId: string; key: string };

beforeAll(async () => {
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  // loopback targets need WEBHOOK_ALLOW_PRIVATE; the interval is long so only the test runs passes
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { webhookCaFile: certs.caFile, monitorIntervalMs: 3_600_000 } });
  // with REDIS_URL jobs run on BullMQ: consume them here, as the worker processes would
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
  pro = await t.bootstrap({ plan: 'pro' });
});
afterAll(async () => {
  await t.close();
  rx.close();
  certs.remove();
});

const runPass = async () => {
  const res = await t.api('POST', '/admin/monitoring/run', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(res.status).toBe(200);
  return res.body as { checked: number; broken: number; recovered: number };
};
async function createLink(ws: { workspaceId: string; key: string }, body: Record<string, unknown>) {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body });
  expect(res.status).toBe(201);
  return res.body;
}
const hookEvents = () => rx.received.filter((r) => r.path === '/hook').map((r) => JSON.parse(r.body));
async function settle() {
  await t.deps.bus.settle();
  await t.deps.queue.idle();
}

test('operator trigger needs the admin token', async () => {
  expect((await t.api('POST', '/admin/monitoring/run')).status).toBe(401);
  expect((await t.api('POST', '/admin/monitoring/run', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
});

test('broken → recovered: one event per change, none while the state holds', async () => {
  const hook = await t.api('POST', `/workspaces/${pro.workspaceId}/webhooks`, {
    key: pro.key,
    body: { name: 'm', url: `${rx.origin}/hook`, events: ['link.broken', 'link.recovered'] },
  });
  expect(hook.status).toBe(201);
  const link = await createLink(pro, { target: `${rx.origin}/target`, monitoring: true, title: 'Watched' });
  expect(link.monitoring).toBe(true);
  await createLink(pro, { target: `${rx.origin}/unwatched` }); // monitoring defaults to false
  const free = await t.bootstrap({ plan: 'free' });
  const refused = await t.api('POST', `/workspaces/${free.workspaceId}/links`, { key: free.key, body: { target: `${rx.origin}/free`, monitoring: true } });
  expect(refused.status).toBe(402); // monitoring needs Pro
  // a workspace downgraded to Free keeps its monitored links, but they are no longer checked
  const downgraded = await t.bootstrap({ plan: 'pro' });
  const freeLink = await t.api('POST', `/workspaces/${downgraded.workspaceId}/links`, {
    key: downgraded.key,
    body: { target: `${rx.origin}/free`, monitoring: true },
  });
  const setPlan = await t.api('PATCH', `/admin/workspaces/${downgraded.workspaceId}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    body: { plan: 'free' },
  });
  expect(setPlan.status).toBe(200);

  // healthy: checked, no event
  expect(await runPass()).toEqual({ checked: 1, broken: 0, recovered: 0 });
  const seen = rx.received.map((r) => `${r.method} ${r.path}`);
  expect(seen).toContain('HEAD /target');
  expect(seen).not.toContain('HEAD /unwatched');
  expect(freeLink.status).toBe(201);
  expect(seen).not.toContain('HEAD /free'); // Free plan: never checked
  const [health] = await t.deps.db.select().from(linkHealth).where(eq(linkHealth.linkId, link.id));
  expect(health).toMatchObject({ state: 'ok', lastStatus: 200 });

  // the target starts failing: broken, once
  rx.statusOf.set('/target', 404);
  expect(await runPass()).toEqual({ checked: 1, broken: 1, recovered: 0 });
  expect(await runPass()).toEqual({ checked: 1, broken: 0, recovered: 0 });
  await settle();
  expect(hookEvents().map((e) => e.type)).toEqual(['link.broken']);
  const broken = hookEvents()[0];
  expect(broken.workspace_id).toBe(pro.workspaceId);
  expect(broken.data).toEqual({ id: link.id, domain: link.domain, slug: link.slug, target: `${rx.origin}/target`, status_code: 404 });
  expect((await t.deps.db.select().from(linkHealth).where(eq(linkHealth.linkId, link.id)))[0]).toMatchObject({ state: 'broken', lastStatus: 404 });

  // a 5xx keeps it broken without a new event
  rx.statusOf.set('/target', 503);
  expect(await runPass()).toEqual({ checked: 1, broken: 0, recovered: 0 });

  // answers normally again: recovered, once, with short_url
  rx.statusOf.delete('/target');
  expect(await runPass()).toEqual({ checked: 1, broken: 0, recovered: 1 });
  expect(await runPass()).toEqual({ checked: 1, broken: 0, recovered: 0 });
  await settle();
  const events = hookEvents();
  expect(events.map((e) => e.type)).toEqual(['link.broken', 'link.recovered']);
  expect(events[1].data).toMatchObject({
    id: link.id,
    domain: link.domain,
    slug: link.slug,
    target: `${rx.origin}/target`,
    short_url: link.short_url,
    status_code: 200,
  });

  // monitoring switched off by PATCH: no longer checked
  expect((await t.api('PATCH', `/workspaces/${pro.workspaceId}/links/${link.id}`, { key: pro.key, body: { monitoring: false } })).status).toBe(200);
  expect((await runPass()).checked).toBe(0);
});

test('HEAD refused → GET decides; a redirect is a normal answer; no answer changes nothing', async () => {
  const ws = await t.bootstrap({ plan: 'team' });
  const noHead = await createLink(ws, { target: `${rx.origin}/no-head`, monitoring: true });
  const redirecting = await createLink(ws, { target: `${rx.origin}/redirect`, monitoring: true });
  const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() });
  const port = closed.port;
  closed.stop(true);
  const dead = await createLink(ws, { target: `https://127.0.0.1:${port}/gone`, monitoring: true });

  const from = rx.received.length;
  const result = await runPass();
  expect(result).toEqual({ checked: 3, broken: 0, recovered: 0 });
  const seen = rx.received.slice(from).map((r) => `${r.method} ${r.path}`);
  expect(seen.filter((s) => s.endsWith('/no-head')).sort()).toEqual(['GET /no-head', 'HEAD /no-head']);
  expect(seen).not.toContain('HEAD /status/200'); // redirect not followed
  const rows = await t.deps.db.select().from(linkHealth);
  const byId = new Map(rows.map((r) => [r.linkId, r]));
  expect(byId.get(noHead.id)).toMatchObject({ state: 'ok', lastStatus: 200 });
  expect(byId.get(redirecting.id)).toMatchObject({ state: 'ok', lastStatus: 302 });
  expect(byId.has(dead.id)).toBe(false);

  // deleting a link removes its health row
  await t.api('DELETE', `/workspaces/${ws.workspaceId}/links/${noHead.id}`, { key: ws.key });
  expect(await t.deps.db.$count(linkHealth, eq(linkHealth.linkId, noHead.id))).toBe(0);
});

test('checks run concurrently, at most CHECK_CONCURRENCY at a time', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const ids: string[] = [];
  for (let i = 0; i < CHECK_CONCURRENCY + 4; i++) ids.push((await createLink(ws, { target: `${rx.origin}/delay/150?n=${i}`, monitoring: true })).id);
  rx.stats.maxInFlight = 0;
  const started = performance.now();
  await runPass();
  // bounded, and really concurrent (the exact peak depends on scheduling on a loaded machine)
  expect(rx.stats.maxInFlight).toBeLessThanOrEqual(CHECK_CONCURRENCY);
  expect(rx.stats.maxInFlight).toBeGreaterThan(CHECK_CONCURRENCY / 2);
  expect(performance.now() - started).toBeLessThan(150 * ids.length); // not one by one
  for (const id of ids) await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${id}`, { key: ws.key, body: { monitoring: false } });
});

test('private targets are not checked when WEBHOOK_ALLOW_PRIVATE is off', async () => {
  const strict = await startTestApp({ config: { monitorIntervalMs: 3_600_000 } });
  try {
    const ws = await strict.bootstrap({ plan: 'pro' });
    const res = await strict.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: `${rx.origin}/private`, monitoring: true } });
    expect(res.status).toBe(201);
    const from = rx.received.length;
    const pass = await strict.api('POST', '/admin/monitoring/run', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(pass.body).toEqual({ checked: 1, broken: 0, recovered: 0 });
    expect(rx.received.slice(from).filter((r) => r.path === '/private')).toHaveLength(0);
  } finally {
    await strict.close();
  }
});

test('a worker process (jobs only, no app) still forwards link.broken to webhooks', async () => {
  const { createDeps } = await import('../../app/deps');
  const ws = await t.bootstrap({ plan: 'pro' });
  await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, { key: ws.key, body: { name: 'w', url: `${rx.origin}/worker-hook`, events: ['link.broken'] } });
  const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: `${rx.origin}/status/404`, monitoring: true } });
  expect(link.status).toBe(201);
  // what `bun run worker` builds: its own deps and bus, every module's jobs (in-process queue here)
  const worker = await createDeps({ ...t.config, redisUrl: undefined }, { database: t.deps.database, log: t.deps.log });
  await worker.queue.enqueue('monitoring.run', {});
  const until = Date.now() + 8000;
  while (Date.now() < until && !rx.received.some((r) => r.path === '/worker-hook')) await Bun.sleep(50);
  await worker.bus.settle();
  await worker.queue.close();
  const delivered = rx.received.filter((r) => r.path === '/worker-hook').map((r) => JSON.parse(r.body));
  expect(delivered.map((e) => [e.type, e.data.id])).toEqual([['link.broken', link.body.id]]);
});

test('the CLI `monitor` command runs the same pass', async () => {
  const { COMMANDS } = await import('../../app/cli');
  const result = (await COMMANDS.monitor!.run(t.deps, [])) as Record<string, number>;
  expect(Object.keys(result).sort()).toEqual(['broken', 'checked', 'recovered']);
  expect(result.checked).toBeGreaterThanOrEqual(2);
});

const health = (ws: { workspaceId: string; key: string }, linkId: string) =>
  t.api('GET', `/workspaces/${ws.workspaceId}/links/${linkId}/health`, { key: ws.key });

test("a link's health lists its broken and recovered changes, newest first, to a viewer", async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const link = await createLink(ws, { target: `${rx.origin}/flaky`, monitoring: true });
  expect((await health(ws, link.id)).body).toEqual({ monitoring: true, state: null, last_status: null, checked_at: null, events: [] });

  rx.statusOf.set('/flaky', 500);
  await runPass();
  await runPass(); // still broken: no second event
  rx.statusOf.set('/flaky', 200);
  await runPass();

  const viewerKey = await t.api('POST', `/workspaces/${ws.workspaceId}/api-keys`, { key: ws.key, body: { name: 'viewer', role: 'viewer' } });
  expect(viewerKey.status).toBe(201);
  const res = await health({ workspaceId: ws.workspaceId, key: viewerKey.body.key }, link.id);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ monitoring: true, state: 'ok', last_status: 200 });
  expect(res.body.events.map((e: { type: string; status: number }) => [e.type, e.status])).toEqual([
    ['link.recovered', 200],
    ['link.broken', 500],
  ]);
  const [recovered, broken] = res.body.events;
  expect(Date.parse(recovered.at)).toBeGreaterThanOrEqual(Date.parse(broken.at));
  expect(res.body.checked_at).toBe(recovered.at);
});

test("another workspace's link is a 404; a Free workspace gets 402", async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const other = await t.bootstrap({ plan: 'pro' });
  const link = await createLink(ws, { target: `${rx.origin}/x` });
  expect((await health(other, link.id)).status).toBe(404);
  expect((await health(ws, link.id)).body).toMatchObject({ monitoring: false, state: null, events: [] });

  const free = await t.bootstrap({ plan: 'free' });
  const freeLink = await createLink(free, { target: `${rx.origin}/y` });
  const refused = await health(free, freeLink.id);
  expect(refused.status).toBe(402);
  expect(refused.body.error).toContain('monitoring');
});
