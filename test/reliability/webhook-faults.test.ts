import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, type TestCerts } from '../helpers/https-receiver';

/**
 * Fault test 7, through the real delivery path (event → queue → delivery log), with
 * all hostile receivers hit by the same event: a receiver that hangs is a failure recorded at
 * 5 s ± 0.5; a 3xx towards a private address is not followed; an endless body is not buffered;
 * and a healthy receiver gets the event meanwhile, long before the hanging one times out.
 * (test/webhooks covers each case once through the synchronous test endpoint.)
 */
let t: TestApp;
let certs: TestCerts;
let receiver: ReturnType<typeof Bun.serve>;
let ws: { workspaceId: string; key: string };
const arrivals = new Map<string, number>();
let endlessChunksSent = 0;

/** when the sender closed the hanging request, by the receiver's clock */
let hangAbandonedAt = 0;

beforeAll(async () => {
  certs = makeTestCerts();
  receiver = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert: certs.cert, key: certs.key },
    idleTimeout: 30,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      arrivals.set(path, performance.now());
      if (path === '/hang') {
        // never answers; the receiver's own clock sees when the sender gives up
        req.signal.addEventListener('abort', () => void (hangAbandonedAt = performance.now()));
        return new Promise<Response>(() => {});
      }
      // a metadata-service style private address; `/followed` proves a follow, were there one
      if (path === '/to-private') return new Response(null, { status: 302, headers: { location: `https://127.0.0.1:${receiver.port}/followed` } });
      if (path === '/to-metadata') return new Response(null, { status: 307, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
      if (path === '/huge') {
        const chunk = new Uint8Array(256 * 1024);
        return new Response(
          new ReadableStream({
            pull: (c) => {
              endlessChunksSent++;
              c.enqueue(chunk);
            },
          }),
        );
      }
      return new Response('ok');
    },
  });
  // the receiver is on loopback: allow private addresses for creation, as test/webhooks does
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { webhookCaFile: certs.caFile } });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
  ws = await t.bootstrap({ plan: 'agency' });
});
afterAll(async () => {
  await t.close();
  receiver.stop(true);
  certs.remove();
});

async function hook(path: string) {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, {
    key: ws.key,
    body: { name: path, url: `https://127.0.0.1:${receiver.port}${path}`, events: ['link.created'] },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function deliveriesOf(id: string) {
  const res = await t.api('GET', `/workspaces/${ws.workspaceId}/webhooks/${id}/deliveries`, { key: ws.key });
  return res.body.deliveries as { event_type: string; status_code: number | null; success: boolean; duration_ms: number; error: string | null }[];
}

test('hang, redirect to a private address, endless body and a healthy receiver, all for one event', async () => {
  const ids = {
    hang: await hook('/hang'),
    toPrivate: await hook('/to-private'),
    toMetadata: await hook('/to-metadata'),
    huge: await hook('/huge'),
    healthy: await hook('/healthy'),
  };
  const rssBefore = process.memoryUsage().rss;
  const created = performance.now();
  const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/fault-7' } });
  expect(link.status).toBe(201);

  // the healthy receiver is not held up by the one that hangs
  for (let i = 0; i < 200 && !arrivals.has('/healthy'); i++) await Bun.sleep(10);
  expect(arrivals.get('/healthy')! - created).toBeLessThan(2000);
  expect(arrivals.has('/hang')).toBe(true);
  // …and its delivery is logged while the hanging one is still open
  let healthy = await deliveriesOf(ids.healthy);
  for (let i = 0; i < 100 && healthy.length === 0; i++) {
    await Bun.sleep(10);
    healthy = await deliveriesOf(ids.healthy);
  }
  expect(performance.now() - created).toBeLessThan(4000);
  expect(healthy).toMatchObject([{ event_type: 'link.created', status_code: 200, success: true }]);

  await t.deps.bus.settle();
  await t.deps.queue.idle();
  const [hang] = await deliveriesOf(ids.hang);
  expect(hang).toMatchObject({ event_type: 'link.created', status_code: null, success: false });
  expect(hang!.error).toMatch(/timed out/i);
  expect(hang!.duration_ms).toBeGreaterThanOrEqual(4500);
  expect(hang!.duration_ms).toBeLessThanOrEqual(5500);
  // the same from the receiver's side: the sender hung up 5 s ± 0.5 after the request arrived
  for (let i = 0; i < 100 && !hangAbandonedAt; i++) await Bun.sleep(10);
  expect(hangAbandonedAt).toBeGreaterThan(0);
  const heldMs = hangAbandonedAt - arrivals.get('/hang')!;
  expect(heldMs).toBeGreaterThanOrEqual(4500);
  expect(heldMs).toBeLessThanOrEqual(5500);

  for (const id of [ids.toPrivate, ids.toMetadata]) {
    const [redirect] = await deliveriesOf(id);
    expect(redirect).toMatchObject({ success: false });
    expect([302, 307]).toContain(redirect!.status_code!);
    expect(redirect!.error).toContain('redirect');
  }
  expect(arrivals.has('/followed')).toBe(false);

  const [huge] = await deliveriesOf(ids.huge);
  expect(huge).toMatchObject({ status_code: 200, success: true });
  expect(huge!.duration_ms).toBeLessThan(2000);
  // the endless body was abandoned, not read: a few chunks at most, no memory growth
  const sentAfter = endlessChunksSent;
  await Bun.sleep(300);
  expect(endlessChunksSent).toBe(sentAfter);
  expect(endlessChunksSent * 256 * 1024).toBeLessThan(64 * 1024 * 1024);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
}, 30_000);
