import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';

let t: TestApp;
let certs: TestCerts;
let rx: HttpsReceiver;

beforeAll(async () => {
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { webhookCaFile: certs.caFile, monitorIntervalMs: 3_600_000 } });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
});
afterAll(async () => {
  await t.close();
  rx.close();
  certs.remove();
});

const runPass = async () => expect((await t.api('POST', '/admin/monitoring/run', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(200);
const health = (ws: { workspaceId: string; key: string }, linkId: string) => t.api('GET', `/workspaces/${ws.workspaceId}/links/${linkId}/health`, { key: ws.key });

test("a link's health lists its broken and recovered changes, newest first, to a viewer", async () => {
  const pro = await t.bootstrap({ plan: 'pro' });
  const link = (await t.api('POST', `/workspaces/${pro.workspaceId}/links`, { key: pro.key, body: { target: `${rx.origin}/flaky`, monitoring: true } })).body;
  expect((await health(pro, link.id)).body).toEqual({ monitoring: true, state: null, last_status: null, checked_at: null, events: [] });

  rx.statusOf.set('/flaky', 500);
  await runPass();
  await runPass(); // still broken: no second event
  rx.statusOf.set('/flaky', 200);
  await runPass();

  const viewerKey = await t.api('POST', `/workspaces/${pro.workspaceId}/api-keys`, { key: pro.key, body: { name: 'viewer', role: 'viewer' } });
  expect(viewerKey.status).toBe(201);
  const res = await health({ workspaceId: pro.workspaceId, key: viewerKey.body.key }, link.id);
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
  const pro = await t.bootstrap({ plan: 'pro' });
  const other = await t.bootstrap({ plan: 'pro' });
  const link = (await t.api('POST', `/workspaces/${pro.workspaceId}/links`, { key: pro.key, body: { target: `${rx.origin}/x` } })).body;
  expect((await health(other, link.id)).status).toBe(404);
  expect((await health(pro, link.id)).body).toMatchObject({ monitoring: false, state: null, events: [] });

  const free = await t.bootstrap({ plan: 'free' });
  const freeLink = (await t.api('POST', `/workspaces/${free.workspaceId}/links`, { key: free.key, body: { target: `${rx.origin}/y` } })).body;
  const refused = await health(free, freeLink.id);
  expect(refused.status).toBe(402);
  expect(refused.body.error).toContain('monitoring');
});
