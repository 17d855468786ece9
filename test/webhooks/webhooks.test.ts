import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { outboundCa, sendOutbound } from '../../core/outbound';
import { webhookDeliveries } from '../../app/schema';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type Received, type TestCerts } from '../helpers/https-receiver';
import { payloadOf, runDeliverJob } from '../../modules/webhooks/service';

let t: TestApp;
let certs: TestCerts;
let untrusted: TestCerts;
let rx: HttpsReceiver;
let ws: { userId: string; workspaceId: string; key: string };

beforeAll(async () => {
  certs = makeTestCerts();
  untrusted = makeTestCerts();
  rx = startHttpsReceiver(certs);
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { webhookCaFile: certs.caFile } });
  // with REDIS_URL jobs run on BullMQ: consume every queue here, as `bun run worker` would (queue.idle() waits for all)
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
  ws = await t.bootstrap({ plan: 'agency', email: 'owner@example.com' });
});
afterAll(async () => {
  await t.close();
  rx.close();
  certs.remove();
  untrusted.remove();
});

const hooksPath = (wsId = ws.workspaceId) => `/workspaces/${wsId}/webhooks`;

async function createHook(body: Record<string, unknown>, key = ws.key, wsId = ws.workspaceId) {
  const res = await t.api('POST', hooksPath(wsId), { key, body: { name: 'Hook', events: ['link.created'], ...body } });
  return res;
}

/** The signature computed independently of the service (WebCrypto instead of node:crypto). */
async function expectedSignature(secret: string, timestamp: string, body: string) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`));
  return `sha256=${Buffer.from(mac).toString('hex')}`;
}

const sinceOf = () => rx.received.length;
async function settle() {
  await t.deps.bus.settle();
  await t.deps.queue.idle();
}
async function nextRequests(from: number, count: number, path?: string): Promise<Received[]> {
  await rx.waitFor(from + count);
  const got = rx.received.slice(from).filter((r) => !path || r.path === path);
  return got;
}
const linkCreated = (workspaceId: string, id = 'lnk_1') => ({
  workspaceId,
  userId: ws.userId,
  data: { id, domain: 'go.linkhop.test', slug: 'abc', target: 'https://example.com/', title: 'Example', short_url: 'http://go.linkhop.test/abc' },
});

describe('CRUD', () => {
  test('create returns the secret once; list and get never do', async () => {
    const created = await createHook({ name: 'Main', url: `${rx.origin}/crud`, events: ['link.created', 'link.deleted', 'link.created'] });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['active', 'created_at', 'events', 'id', 'name', 'secret', 'url']);
    expect(created.body).toMatchObject({ name: 'Main', url: `${rx.origin}/crud`, events: ['link.created', 'link.deleted'], active: true });
    expect(created.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(new Date(created.body.created_at).toISOString()).toBe(created.body.created_at);

    const got = await t.api('GET', `${hooksPath()}/${created.body.id}`, { key: ws.key });
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual(['active', 'created_at', 'created_by_email', 'events', 'id', 'name', 'updated_at', 'url']);
    expect(got.body.created_by_email).toBe('owner@example.com');
    const list = await t.api('GET', hooksPath(), { key: ws.key });
    expect(list.status).toBe(200);
    const item = list.body.webhooks.find((w: any) => w.id === created.body.id);
    expect(item).toEqual(got.body);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);

    const patched = await t.api('PATCH', `${hooksPath()}/${created.body.id}`, {
      key: ws.key,
      body: { name: 'Renamed', events: ['domain.added'], active: false, url: `${rx.origin}/crud2` },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ok: true });
    const after = await t.api('GET', `${hooksPath()}/${created.body.id}`, { key: ws.key });
    expect(after.body).toMatchObject({ name: 'Renamed', events: ['domain.added'], active: false, url: `${rx.origin}/crud2` });

    expect((await t.api('DELETE', `${hooksPath()}/${created.body.id}`, { key: ws.key })).body).toEqual({ ok: true });
    expect((await t.api('GET', `${hooksPath()}/${created.body.id}`, { key: ws.key })).status).toBe(404);
  });

  test.each([
    ['missing name', { name: undefined }, /name/],
    ['missing url', { url: undefined }, /url/],
    ['missing events', { events: undefined }, /events/],
    ['empty events', { events: [] }, /at least one event/],
    ['unknown event', { events: ['link.created', 'link.exploded'] }, /Invalid event type "link.exploded"/],
    ['http URL', { url: 'http://127.0.0.1/x' }, /HTTPS/],
    ['not a URL', { url: 'not a url' }, /Invalid URL/],
    ['URL over 2048 chars', { url: `https://127.0.0.1/${'a'.repeat(2040)}` }, /2048/],
  ])('create: 400 for %s', async (_label, override, message) => {
    const res = await createHook({ url: `${rx.origin}/x`, ...override });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  test('PATCH: 400 without updates or with invalid values; 404 for an unknown webhook', async () => {
    const { body } = await createHook({ url: `${rx.origin}/patch` });
    const path = `${hooksPath()}/${body.id}`;
    const none = await t.api('PATCH', path, { key: ws.key, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('No updates provided');
    expect((await t.api('PATCH', path, { key: ws.key, body: { events: ['nope'] } })).status).toBe(400);
    expect((await t.api('PATCH', path, { key: ws.key, body: { url: 'http://127.0.0.1/' } })).status).toBe(400);
    expect((await t.api('PATCH', path, { key: ws.key, body: { active: 'yes' } })).status).toBe(400);
    expect((await t.api('PATCH', `${hooksPath()}/nope`, { key: ws.key, body: { name: 'x' } })).status).toBe(404);
    await t.api('DELETE', path, { key: ws.key });
  });

  test('404 on every endpoint with an unknown or foreign webhook ID', async () => {
    const other = await t.bootstrap({ plan: 'pro' });
    const foreign = await createHook({ url: `${rx.origin}/foreign` }, other.key, other.workspaceId);
    expect(foreign.status).toBe(201);
    for (const id of ['does-not-exist', foreign.body.id]) {
      const base = `${hooksPath()}/${id}`;
      const answers = await Promise.all([
        t.api('GET', base, { key: ws.key }),
        t.api('PATCH', base, { key: ws.key, body: { name: 'x' } }),
        t.api('DELETE', base, { key: ws.key }),
        t.api('POST', `${base}/rotate-secret`, { key: ws.key }),
        t.api('POST', `${base}/test`, { key: ws.key }),
        t.api('GET', `${base}/deliveries`, { key: ws.key }),
      ]);
      for (const a of answers) {
        expect(a.status).toBe(404);
        expect(a.body.error).toBe('Webhook not found');
      }
    }
  });

  test('402 below Pro and at the plan count limit (Pro: 3)', async () => {
    const free = await t.bootstrap({ plan: 'free' });
    const low = await createHook({ url: `${rx.origin}/x` }, free.key, free.workspaceId);
    expect(low.status).toBe(402);
    expect((await t.api('GET', hooksPath(free.workspaceId), { key: free.key })).status).toBe(402);

    const pro = await t.bootstrap({ plan: 'pro' });
    for (let i = 0; i < 3; i++) expect((await createHook({ url: `${rx.origin}/n${i}` }, pro.key, pro.workspaceId)).status).toBe(201);
    const fourth = await createHook({ url: `${rx.origin}/n4` }, pro.key, pro.workspaceId);
    expect(fourth.status).toBe(402);
    expect(fourth.body.error).toContain('3 webhooks');
  });

  test('401 without a key, 403 below admin for writes (a viewer may read)', async () => {
    expect((await t.api('GET', hooksPath())).status).toBe(401);
    const key = await t.api('POST', `/workspaces/${ws.workspaceId}/api-keys`, { key: ws.key, body: { name: 'viewer', role: 'viewer' } });
    expect(key.status).toBe(201);
    const viewer = key.body.key;
    expect((await t.api('GET', hooksPath(), { key: viewer })).status).toBe(200);
    expect((await createHook({ url: `${rx.origin}/x` }, viewer)).status).toBe(403);
  });
});

describe('delivery', () => {
  test('a subscribed event is POSTed with the spec headers, payload and a verifiable signature', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/events`, events: ['link.created', 'member.role_changed'] });
    const from = sinceOf();
    await t.deps.bus.emit('link.created', linkCreated(ws.workspaceId));
    await t.deps.bus.emit('member.role_changed', {
      workspaceId: ws.workspaceId,
      userId: ws.userId,
      data: { user_id: 'u2', old_role: 'viewer', new_role: 'editor' },
    });
    await t.deps.bus.emit('domain.added', { workspaceId: ws.workspaceId, data: { id: 'd1', domain: 'links.example.com' } }); // not subscribed
    await t.deps.bus.emit('link.created', linkCreated((await t.bootstrap({ plan: 'pro' })).workspaceId)); // another workspace
    await settle();
    const got = (await nextRequests(from, 2)).filter((r) => r.path === '/events');
    expect(got.map((r) => JSON.parse(r.body).type).sort()).toEqual(['link.created', 'member.role_changed']);

    for (const req of got) {
      const payload = JSON.parse(req.body);
      expect(Object.keys(payload).sort()).toEqual(['data', 'id', 'timestamp', 'type', 'workspace_id']);
      expect(payload.workspace_id).toBe(ws.workspaceId);
      expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
      expect(req.method).toBe('POST');
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['user-agent']).toBe('linkhop-webhooks/1.0');
      expect(req.headers['x-webhook-id']).toBe(hook.id);
      expect(req.headers['x-webhook-event']).toBe(payload.type);
      expect(req.headers['x-webhook-timestamp']).toBe(payload.timestamp);
      expect(req.headers['x-webhook-signature']).toBe(await expectedSignature(hook.secret, payload.timestamp, req.body));
    }
    const [created, role] = ['link.created', 'member.role_changed'].map((type) => JSON.parse(got.find((r) => JSON.parse(r.body).type === type)!.body));
    expect(created.data).toEqual(linkCreated(ws.workspaceId).data);
    expect(role.data).toEqual({ user_id: 'u2', old_role: 'viewer', new_role: 'editor' });
    expect(created.id).not.toBe(role.id);

    const log = await t.api('GET', `${hooksPath()}/${hook.id}/deliveries`, { key: ws.key });
    expect(log.body.total).toBe(2);
    for (const d of log.body.deliveries) {
      expect(Object.keys(d).sort()).toEqual(['created_at', 'duration_ms', 'error', 'event_id', 'event_type', 'id', 'payload', 'status_code', 'success']);
      expect(d).toMatchObject({ status_code: 200, success: true, error: null });
      expect(Number.isInteger(d.id)).toBe(true);
    }
    await t.api('DELETE', `${hooksPath()}/${hook.id}`, { key: ws.key });
  });

  test('a failing receiver is logged once, with no retry', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/status/503` });
    const from = sinceOf();
    await t.deps.bus.emit('link.created', linkCreated(ws.workspaceId));
    await settle();
    await rx.waitFor(from + 1);
    await Bun.sleep(600); // a retry (BullMQ backoff starts at 200 ms) would have arrived by now
    await settle();
    expect(rx.received.slice(from).filter((r) => r.path === '/status/503')).toHaveLength(1);
    const log = await t.api('GET', `${hooksPath()}/${hook.id}/deliveries`, { key: ws.key });
    expect(log.body.total).toBe(1);
    expect(log.body.deliveries[0]).toMatchObject({ event_type: 'link.created', status_code: 503, success: false });
    expect(log.body.deliveries[0].error).toContain('503');
    await t.api('DELETE', `${hooksPath()}/${hook.id}`, { key: ws.key });
  });

  test('events while paused are dropped, not queued', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/paused` });
    await t.api('PATCH', `${hooksPath()}/${hook.id}`, { key: ws.key, body: { active: false } });
    await t.deps.bus.emit('link.created', linkCreated(ws.workspaceId, 'while-paused'));
    await settle();
    await t.api('PATCH', `${hooksPath()}/${hook.id}`, { key: ws.key, body: { active: true } });
    const from = sinceOf();
    await t.deps.bus.emit('link.created', linkCreated(ws.workspaceId, 'after-resume'));
    await settle();
    await rx.waitFor(from + 1);
    await Bun.sleep(200);
    const got = rx.received.filter((r) => r.path === '/paused');
    expect(got.map((r) => JSON.parse(r.body).data.id)).toEqual(['after-resume']);
    expect((await t.api('GET', `${hooksPath()}/${hook.id}/deliveries`, { key: ws.key })).body.total).toBe(1);
    await t.api('DELETE', `${hooksPath()}/${hook.id}`, { key: ws.key });
  });

  test('an event that came while paused is dropped even when its delivery runs after the resume', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/overtaken` });
    await t.api('PATCH', `${hooksPath()}/${hook.id}`, { key: ws.key, body: { active: false } });
    // the event is emitted now; its webhooks are looked up (or its job run) only after the resume:
    // the lookup of another process can be that late (CI: remembered-access.test.ts, through PgBouncer)
    const whilePaused = payloadOf('link.created', ws.workspaceId, { id: 'while-paused' });
    await Bun.sleep(5);
    await t.api('PATCH', `${hooksPath()}/${hook.id}`, { key: ws.key, body: { active: true } });
    await runDeliverJob(t.deps, { webhookId: hook.id, payload: whilePaused });
    await runDeliverJob(t.deps, { webhookId: hook.id, payload: payloadOf('link.created', ws.workspaceId, { id: 'after-resume' }) });
    expect(rx.received.filter((r) => r.path === '/overtaken').map((r) => JSON.parse(r.body).data.id)).toEqual(['after-resume']);
    // a PATCH that leaves it active (a rename) does not move its start: an event from before it still goes
    const beforeRename = payloadOf('link.created', ws.workspaceId, { id: 'before-rename' });
    await Bun.sleep(5);
    await t.api('PATCH', `${hooksPath()}/${hook.id}`, { key: ws.key, body: { name: 'renamed', active: true } });
    await runDeliverJob(t.deps, { webhookId: hook.id, payload: beforeRename });
    expect(rx.received.filter((r) => r.path === '/overtaken').map((r) => JSON.parse(r.body).data.id)).toEqual(['after-resume', 'before-rename']);
    await t.api('DELETE', `${hooksPath()}/${hook.id}`, { key: ws.key });
  });

  test('a workspace moved below Pro gets no deliveries (and its webhook API answers 402)', async () => {
    const team = await t.bootstrap({ plan: 'team' });
    const created = await createHook({ url: `${rx.origin}/downgraded` }, team.key, team.workspaceId);
    expect(created.status).toBe(201);
    const setPlan = (plan: string) =>
      t.api('PATCH', `/admin/workspaces/${team.workspaceId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { plan } });
    expect((await setPlan('free')).status).toBe(200);
    await t.deps.bus.emit('link.created', linkCreated(team.workspaceId, 'while-free'));
    await settle();
    expect((await t.api('GET', hooksPath(team.workspaceId), { key: team.key })).status).toBe(402);
    expect((await setPlan('pro')).status).toBe(200);
    const from = sinceOf();
    await t.deps.bus.emit('link.created', linkCreated(team.workspaceId, 'on-pro'));
    await settle();
    await rx.waitFor(from + 1);
    expect(rx.received.filter((r) => r.path === '/downgraded').map((r) => JSON.parse(r.body).data.id)).toEqual(['on-pro']);
  });

  test('rotate-secret: the next delivery is signed with the new secret only', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/rotate` });
    const rotated = await t.api('POST', `${hooksPath()}/${hook.id}/rotate-secret`, { key: ws.key });
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body)).toEqual(['secret']);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const from = sinceOf();
    await t.deps.bus.emit('link.created', linkCreated(ws.workspaceId));
    await settle();
    const [req] = await nextRequests(from, 1, '/rotate');
    const ts = req!.headers['x-webhook-timestamp']!;
    expect(req!.headers['x-webhook-signature']).toBe(await expectedSignature(rotated.body.secret, ts, req!.body));
    expect(req!.headers['x-webhook-signature']).not.toBe(await expectedSignature(hook.secret, ts, req!.body));
    await t.api('DELETE', `${hooksPath()}/${hook.id}`, { key: ws.key });
  });
});

describe('test endpoint', () => {
  const fire = (id: string) => t.api('POST', `${hooksPath()}/${id}/test`, { key: ws.key });

  test('success: a webhook.test delivery is sent synchronously even when not subscribed', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/test-ok`, events: ['domain.added'] });
    const onBus: unknown[] = [];
    const off = t.deps.bus.on('webhook.test', (e) => void onBus.push(e.data));
    const from = sinceOf();
    const res = await fire(hook.id);
    await t.deps.bus.settle();
    off();
    // extension plugins see it on the bus
    expect(onBus).toEqual([{ webhook_id: hook.id, message: 'Test event from Linkhop' }]);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['duration_ms', 'error', 'status_code', 'success']);
    expect(res.body).toMatchObject({ status_code: 200, success: true, error: null });
    expect(res.body.duration_ms).toBeGreaterThanOrEqual(0);
    // synchronous: the receiver already has it when the answer arrives
    const req = rx.received.slice(from).find((r) => r.path === '/test-ok')!;
    const payload = JSON.parse(req.body);
    expect(payload.type).toBe('webhook.test');
    expect(req.headers['x-webhook-event']).toBe('webhook.test');
    expect(payload.data.webhook_id).toBe(hook.id);
    expect(req.headers['x-webhook-signature']).toBe(await expectedSignature(hook.secret, payload.timestamp, req.body));
    const log = await t.api('GET', `${hooksPath()}/${hook.id}/deliveries`, { key: ws.key });
    expect(log.body.deliveries[0]).toMatchObject({ event_type: 'webhook.test', success: true, status_code: 200 });
  });

  test('a webhook subscribed to webhook.test gets the test once (not again through the queue)', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/test-once`, events: ['webhook.test'] });
    expect((await fire(hook.id)).body.success).toBe(true);
    await settle();
    await Bun.sleep(100);
    expect(rx.received.filter((r) => r.path === '/test-once')).toHaveLength(1);
    expect((await t.api('GET', `${hooksPath()}/${hook.id}/deliveries`, { key: ws.key })).body.total).toBe(1);
  });

  test('non-2xx: success false with the status in error', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/status/500` });
    const res = await fire(hook.id);
    expect(res.body).toMatchObject({ status_code: 500, success: false });
    expect(res.body.error).toMatch(/^HTTP 500/);
  });

  test('unreachable: success false, no status, the reason in error', async () => {
    const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() });
    const port = closed.port;
    closed.stop(true);
    const { body: hook } = await createHook({ url: `https://127.0.0.1:${port}/gone` });
    const res = await fire(hook.id);
    expect(res.body).toMatchObject({ status_code: null, success: false });
    expect(res.body.error).toMatch(/refused/i);
  });

  test('a redirect is not followed and counts as a failure', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/redirect` });
    const from = sinceOf();
    const res = await fire(hook.id);
    expect(res.body).toMatchObject({ status_code: 302, success: false });
    expect(res.body.error).toContain('redirect');
    await Bun.sleep(100);
    expect(rx.received.slice(from).map((r) => r.path)).toEqual(['/redirect']);
  });

  test('the response body is not read: an endless body does not hold the delivery', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/endless` });
    const started = performance.now();
    const res = await fire(hook.id);
    expect(res.body).toMatchObject({ status_code: 200, success: true, error: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('a certificate from an untrusted CA fails verification', async () => {
    const other = startHttpsReceiver(untrusted);
    try {
      const { body: hook } = await createHook({ url: `${other.origin}/tls` });
      const res = await fire(hook.id);
      expect(res.body).toMatchObject({ status_code: null, success: false });
      expect(res.body.error).toMatch(/certificate|verify/i);
      expect(other.received).toHaveLength(0);
    } finally {
      other.close();
    }
  });

  test('timeout: no answer within 5 s is a failure after 5 s', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/slow` });
    const started = performance.now();
    const res = await fire(hook.id);
    const elapsed = performance.now() - started;
    expect(res.body).toMatchObject({ status_code: null, success: false });
    expect(res.body.error).toMatch(/timed out/i);
    expect(elapsed).toBeGreaterThan(4500);
    expect(elapsed).toBeLessThan(5500);
    expect(res.body.duration_ms).toBeGreaterThanOrEqual(4500);
    expect(res.body.duration_ms).toBeLessThan(5500);
  }, 15_000);
});

describe('delivery log', () => {
  test('pagination, success filter, newest first, limit at most 100', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/log` });
    const base = `${hooksPath()}/${hook.id}`;
    rx.statusOf.set('/log', 200);
    for (let i = 0; i < 3; i++) await t.api('POST', `${base}/test`, { key: ws.key });
    rx.statusOf.set('/log', 500);
    for (let i = 0; i < 2; i++) await t.api('POST', `${base}/test`, { key: ws.key });
    rx.statusOf.delete('/log');

    const all = await t.api('GET', `${base}/deliveries`, { key: ws.key });
    expect(all.body).toMatchObject({ total: 5, page: 1, limit: 20 });
    const ids = all.body.deliveries.map((d: any) => d.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(all.body.deliveries.map((d: any) => d.success)).toEqual([false, false, true, true, true]);

    const p1 = await t.api('GET', `${base}/deliveries?limit=2&page=1`, { key: ws.key });
    const p3 = await t.api('GET', `${base}/deliveries?limit=2&page=3`, { key: ws.key });
    expect(p1.body).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(p1.body.deliveries.map((d: any) => d.id)).toEqual(ids.slice(0, 2));
    expect(p3.body.deliveries.map((d: any) => d.id)).toEqual(ids.slice(4));

    const ok = await t.api('GET', `${base}/deliveries?success=true`, { key: ws.key });
    expect(ok.body.total).toBe(3);
    expect(ok.body.deliveries.every((d: any) => d.success && d.status_code === 200)).toBe(true);
    const failed = await t.api('GET', `${base}/deliveries?success=false`, { key: ws.key });
    expect(failed.body.total).toBe(2);
    expect(failed.body.deliveries.every((d: any) => !d.success && d.status_code === 500)).toBe(true);

    expect((await t.api('GET', `${base}/deliveries?limit=101`, { key: ws.key })).status).toBe(400);
    expect((await t.api('GET', `${base}/deliveries?limit=100`, { key: ws.key })).status).toBe(200);
    expect((await t.api('GET', `${base}/deliveries?success=maybe`, { key: ws.key })).status).toBe(400);

    // DELETE takes the delivery history with it
    await t.api('DELETE', base, { key: ws.key });
    const { eq } = await import('drizzle-orm');
    expect(await t.deps.db.$count(webhookDeliveries, eq(webhookDeliveries.webhookId, hook.id))).toBe(0);
  });

  test('each delivery shows the payload exactly as the receiver got it, and its event id', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/payload-log`, events: ['link.created'] });
    const from = sinceOf();
    await t.deps.bus.emit('link.created', linkCreated(ws.workspaceId, 'logged'));
    await settle();
    await t.api('POST', `${hooksPath()}/${hook.id}/test`, { key: ws.key });
    const sent = (await nextRequests(from, 2, '/payload-log')).map((r) => JSON.parse(r.body));
    const log = await t.api('GET', `${hooksPath()}/${hook.id}/deliveries`, { key: ws.key });
    expect(log.body.total).toBe(2);
    for (const delivery of log.body.deliveries) {
      const body = sent.find((p) => p.id === delivery.event_id);
      expect(body).toBeDefined();
      expect(delivery.payload).toEqual(body);
      expect(delivery.event_type).toBe(body.type);
    }
    expect(log.body.deliveries.map((d: any) => d.payload.data.id ?? d.payload.data.webhook_id)).toEqual([hook.id, 'logged']);
    // a row logged before payloads were kept (migration 0017) answers null
    await t.deps.db.insert(webhookDeliveries).values({ webhookId: hook.id, eventId: 'before', eventType: 'link.created', durationMs: 1, success: true });
    const old = (await t.api('GET', `${hooksPath()}/${hook.id}/deliveries`, { key: ws.key })).body.deliveries.find((d: any) => d.event_id === 'before');
    expect(old.payload).toBeNull();
    await t.api('DELETE', `${hooksPath()}/${hook.id}`, { key: ws.key });
  });

  test('the scheduled pruning job removes logs older than 7 days', async () => {
    const { body: hook } = await createHook({ url: `${rx.origin}/prune` });
    await t.api('POST', `${hooksPath()}/${hook.id}/test`, { key: ws.key });
    const day = 24 * 3600 * 1000;
    await t.deps.db.insert(webhookDeliveries).values([
      {
        webhookId: hook.id,
        eventId: 'old',
        eventType: 'link.created',
        statusCode: 200,
        durationMs: 5,
        success: true,
        createdAt: new Date(Date.now() - 8 * day),
      },
      {
        webhookId: hook.id,
        eventId: 'recent',
        eventType: 'link.created',
        statusCode: 200,
        durationMs: 5,
        success: true,
        createdAt: new Date(Date.now() - 6 * day),
      },
    ]);
    expect((await t.api('GET', `${hooksPath()}/${hook.id}/deliveries`, { key: ws.key })).body.total).toBe(3);
    await t.deps.queue.enqueue('webhooks.prune', {});
    await settle();
    const log = await t.api('GET', `${hooksPath()}/${hook.id}/deliveries`, { key: ws.key });
    expect(log.body.total).toBe(2);
    await t.api('DELETE', `${hooksPath()}/${hook.id}`, { key: ws.key });
  });
});

test('the request goes to the checked address: no second lookup (DNS rebinding), Host and TLS name from the URL', async () => {
  // the URL's host does not resolve at all; the connection can only have used the checked address
  const url = new URL(`https://rebind.invalid:${rx.port}/pinned`);
  const from = sinceOf();
  const res = await sendOutbound({ url, address: '127.0.0.1', hostname: 'localhost' }, { method: 'HEAD', timeoutMs: 5000, ca: outboundCa(certs.caFile) });
  expect(res).toMatchObject({ statusCode: 200, error: null });
  expect(rx.received.slice(from).map((r) => [r.path, r.headers.host])).toEqual([['/pinned', `rebind.invalid:${rx.port}`]]);
  // the certificate is checked against the URL's name, not the address: a name the cert lacks fails
  const wrong = await sendOutbound(
    { url, address: '127.0.0.1', hostname: 'rebind.invalid' },
    { method: 'HEAD', timeoutMs: 5000, ca: outboundCa(certs.caFile) },
  );
  expect(wrong.statusCode).toBeNull();
  expect(wrong.error).toMatch(/altnames|certificate/i);
});
