import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { featureMessage } from '../../core/plans';
import { clickRecorder } from '../../modules/clicks/recorder';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { UA } from '../helpers/smart-links';

/** A local stand-in for GA4 and Meta: records every request it gets. */
function startReceiver() {
  const received: { path: string; query: URLSearchParams; body: any }[] = [];
  let failFb = 0;
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      received.push({ path: url.pathname, query: url.searchParams, body: await req.json() });
      if (url.pathname.startsWith('/fb/') && failFb > 0) {
        failFb--;
        return new Response('{"error":"try later"}', { status: 500 });
      }
      return new Response(url.pathname.startsWith('/fb/') ? '{"events_received":1}' : null, { status: url.pathname.startsWith('/fb/') ? 200 : 204 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    received,
    failFbTimes: (n: number) => (failFb = n),
    stop: () => server.stop(true),
  };
}

async function until<T>(what: string, check: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

let t: TestApp;
let receiver: ReturnType<typeof startReceiver>;

beforeAll(async () => {
  receiver = startReceiver();
  t = await startTestApp({ config: { gaEndpoint: `${receiver.url}/mp/collect`, fbEndpoint: `${receiver.url}/fb` } });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks', 'analytics']);
});
afterAll(async () => {
  await t.close();
  receiver.stop();
});

/** Each test has a workspace of its own (settings and plans differ). */
async function linkInNewWorkspace(plan: 'pro' | 'team', body: Record<string, unknown> = {}) {
  const ws = await t.bootstrap({ plan });
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://default.example/', ...body } });
  expect(res.status).toBe(201);
  return { ws, link: res.body };
}

const RAW_TARGET = "https://shop.example/?a=\"><script>alert(1)</script>&b='1'";

/** Hands the buffered clicks to the queue (the embedded runner then runs the jobs; with BullMQ the test polls the receiver). */
async function recordClicks() {
  await clickRecorder(t.deps).flush();
  if (t.deps.queue.kind === 'memory') await t.deps.queue.idle();
}

const settings = (ws: { workspaceId: string; key: string }, body: Record<string, unknown>) =>
  t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body });

describe('retargeting scripts', () => {
  test('pro workspace: 402', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const res = await settings(ws, { retargeting_scripts: ['https://cdn.example/pixel.js'] });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe(featureMessage('retargeting_scripts'));
  });

  test('team: people get a page loading the scripts, then continuing to the target; bots the redirect; a downgrade stops it', async () => {
    const created = await linkInNewWorkspace('team', { target: RAW_TARGET });
    expect((await settings(created.ws, { retargeting_scripts: ['https://cdn.example/pixel.js?id=1&x="2"', 'https://cdn2.example/tag.js'] })).status).toBe(200);
    const path = `/${created.link.slug}`;

    const res = await t.request(path, { headers: { 'user-agent': UA.desktop } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('<script async src="https://cdn.example/pixel.js?id=1&amp;x=&quot;2&quot;"></script>');
    expect(page).toContain('<script async src="https://cdn2.example/tag.js"></script>');
    // the target continues the page, inert in every context (stored as given: quotes and brackets unencoded)
    expect(page).toContain(`var target=${JSON.stringify(RAW_TARGET).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')}`);
    expect(page).toContain(`href="${Bun.escapeHTML(RAW_TARGET)}"`);
    expect(page).toContain(`content="3;url=${Bun.escapeHTML(RAW_TARGET)}"`);
    expect(page).not.toContain('<script>alert(1)');

    const bot = await t.request(path, { headers: { 'user-agent': UA.googlebot } });
    expect(bot.status).toBe(302);

    const downgrade = await t.api('PATCH', `/admin/workspaces/${created.ws.workspaceId}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: { plan: 'pro' },
    });
    expect(downgrade.status).toBe(200);
    expect((await t.request(path, { headers: { 'user-agent': UA.desktop } })).status).toBe(302);
  });
});

describe('analytics forwarding', () => {
  test('GA4 and Meta get one event per recorded click, from the job queue; bots are not forwarded', async () => {
    const created = await linkInNewWorkspace('team');
    const ws = created.ws;
    const patch = await settings(ws, { ga_id: 'G-TEST123', ga_api_secret: 'ga-secret', fb_pixel_id: '998877', fb_access_token: 'fb-token' });
    expect(patch.status).toBe(200);
    const before = receiver.received.length;

    const started = performance.now();
    for (const ua of [UA.desktop, UA.iphone, UA.android, UA.googlebot]) {
      const res = await t.request(`/${created.link.slug}`, { headers: { 'user-agent': ua } });
      expect(res.status).toBe(302);
    }
    // nothing was sent on the request path
    expect(receiver.received.length).toBe(before);
    expect(performance.now() - started).toBeLessThan(5000);
    await recordClicks();

    const ga = await until('3 GA4 events', () => {
      const hits = receiver.received.slice(before).filter((r) => r.path === '/mp/collect');
      return hits.length >= 3 ? hits : undefined;
    });
    const fb = await until('3 Meta events', () => {
      const events = receiver.received
        .slice(before)
        .filter((r) => r.path === '/fb/998877/events')
        .flatMap((r) => r.body.data);
      return events.length >= 3 ? events : undefined;
    });
    await Bun.sleep(200);
    expect(receiver.received.slice(before).filter((r) => r.path === '/mp/collect')).toHaveLength(3);
    for (const hit of ga) {
      expect(hit.query.get('measurement_id')).toBe('G-TEST123');
      expect(hit.query.get('api_secret')).toBe('ga-secret');
      expect(hit.body.events[0].name).toBe('link_click');
      expect(hit.body.events[0].params.link_id).toBe(created.link.id);
    }
    expect(new Set(ga.map((h) => h.body.client_id)).size).toBe(3);
    expect(fb).toHaveLength(3);
    const fbRequest = receiver.received.slice(before).find((r) => r.path === '/fb/998877/events')!;
    expect(fbRequest.body.access_token).toBe('fb-token');
    expect(fbRequest.query.get('access_token')).toBeNull();
    for (const event of fb) {
      expect(event.event_name).toBe('LinkClick');
      expect(event.action_source).toBe('website');
      expect(event.event_source_url).toBe(created.link.short_url);
      expect(event.custom_data.link_id).toBe(created.link.id);
    }
    // the GA client id and the Meta event id are the same click ids
    expect(new Set(fb.map((e: any) => e.event_id))).toEqual(new Set(ga.map((h) => h.body.client_id)));
  });

  test('a failing destination is retried on its own; the other is not sent twice', async () => {
    const created = await linkInNewWorkspace('team');
    await settings(created.ws, { ga_id: 'G-RETRY', ga_api_secret: 's', fb_pixel_id: '1234', fb_access_token: 't' });
    const before = receiver.received.length;
    receiver.failFbTimes(1);
    await t.request(`/${created.link.slug}`, { headers: { 'user-agent': UA.desktop } });
    await recordClicks();
    await until('a Meta event after the retry', () => {
      const fb = receiver.received.slice(before).filter((r) => r.path === '/fb/1234/events');
      return fb.length >= 2 ? fb : undefined;
    });
    await Bun.sleep(300);
    expect(receiver.received.slice(before).filter((r) => r.path === '/fb/1234/events')).toHaveLength(2);
    expect(receiver.received.slice(before).filter((r) => r.query.get('measurement_id') === 'G-RETRY')).toHaveLength(1);
  });

  test('a workspace without accounts sends nothing', async () => {
    const silent = await linkInNewWorkspace('team');
    const gaOnly = await linkInNewWorkspace('team');
    await settings(gaOnly.ws, { ga_id: 'G-ONLY', ga_api_secret: 's', fb_pixel_id: '555' });
    const before = receiver.received.length;
    await t.request(`/${silent.link.slug}`, { headers: { 'user-agent': UA.desktop } });
    await t.request(`/${gaOnly.link.slug}`, { headers: { 'user-agent': UA.desktop } });
    await recordClicks();
    await until('the GA4 event of the configured workspace', () => (receiver.received.length > before ? true : undefined));
    await Bun.sleep(500);
    // one GA4 hit; no Meta call without an access token; nothing for the workspace without accounts
    expect(receiver.received.slice(before).map((r) => r.query.get('measurement_id') ?? r.path)).toEqual(['G-ONLY']);
  });
});
