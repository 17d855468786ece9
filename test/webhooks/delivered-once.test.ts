import { afterAll, beforeAll, expect, test } from 'bun:test';
import { runDeliverJob } from '../../modules/webhooks/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';

/**
 * A delivery job that runs again (its completion lost with a Redis primary, or its worker killed
 * after the POST) finds its event in the delivery log and sends nothing: one event, one delivery.
 */
let t: TestApp;
let certs: TestCerts;
let rx: HttpsReceiver;

beforeAll(async () => {
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { webhookCaFile: certs.caFile } });
});
afterAll(async () => {
  await t.close();
  rx.close();
  certs.remove();
});

test('the same delivery job run twice posts once; another event, or the same event to another webhook, is posted', async () => {
  const ws = await t.bootstrap({ plan: 'agency' });
  const hook = async (path: string) =>
    (await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, { key: ws.key, body: { name: path, url: `${rx.origin}${path}`, events: ['link.created'] } }))
      .body.id as string;
  const [first, second] = [await hook('/first'), await hook('/second')];
  const payload = (id: string) => ({ id, type: 'link.created', workspace_id: ws.workspaceId, timestamp: new Date().toISOString(), data: { id: 'lnk' } });
  const event = payload(crypto.randomUUID());

  await runDeliverJob(t.deps, { webhookId: first, payload: event });
  await runDeliverJob(t.deps, { webhookId: first, payload: event });
  expect(rx.received.filter((r) => r.path === '/first').length).toBe(1);

  await runDeliverJob(t.deps, { webhookId: second, payload: event });
  await runDeliverJob(t.deps, { webhookId: first, payload: payload(crypto.randomUUID()) });
  expect(rx.received.map((r) => r.path).sort()).toEqual(['/first', '/first', '/second']);
  const log = await t.api('GET', `/workspaces/${ws.workspaceId}/webhooks/${first}/deliveries`, { key: ws.key });
  expect(log.body.total).toBe(2);
});
