import { afterAll, beforeAll, expect, test } from 'bun:test';
import { flushClicks } from '../../modules/clicks/recorder';
import { eventStream, UNREAD_MAX_BYTES } from '../../modules/live/stream';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { visitTarget } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  // with Redis the clicks are stored by a worker (here, in this process) and reach the stream over pub/sub
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks']);
});
afterAll(() => t.close());

/** An open live view: the events read so far, parsed. */
async function openLive(workspaceId: string, key: string) {
  const res = await t.app.handle(new Request(`${SITE_URL}/api/workspaces/${workspaceId}/stats/live`, { headers: { 'x-api-key': key } }));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const reader = res.body!.getReader();
  const events: { type: string; data: any }[] = [];
  let text = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += new TextDecoder().decode(value);
      let end = text.indexOf('\n\n');
      while (end !== -1) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const type = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (type && data) events.push({ type, data: JSON.parse(data) });
        end = text.indexOf('\n\n');
      }
    }
  })();
  const waitFor = async (n: number) => {
    for (let i = 0; i < 100 && events.length < n; i++) await Bun.sleep(50);
    return events;
  };
  return { events, waitFor, close: () => reader.cancel().then(() => pump) };
}

test('clicks (each once, no IP, no user agent), leads and sales of the workspace stream to a viewer as they are stored', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const other = await t.bootstrap({ plan: 'pro' });
  const viewer = await memberWithKey(t, ws.workspaceId, 'viewer', 'pro');
  const api = (method: string, path: string, body?: unknown, who = ws) => t.api(method, `/workspaces/${who.workspaceId}${path}`, { key: who.key, body });
  const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true })).body;
  const elsewhere = (await api('POST', '/links', { target: 'https://other.example/' }, other)).body;
  const live = await openLive(ws.workspaceId, viewer.key);
  // the clicks worker reads who watches at most once a second
  await Bun.sleep(1100);

  const clickIds = [];
  for (let i = 0; i < 3; i++) clickIds.push((await visitTarget(t, link.slug, { referer: 'https://news.example.org/story?id=1' })).searchParams.get('lh_cid'));
  await visitTarget(t, elsewhere.slug);
  await flushClicks(t.deps);
  await api('POST', '/track/lead', { click_id: clickIds[0], event_name: 'Sign up', customer_id: 'c1', customer_email: 'c1@example.com' });
  await api('POST', '/track/sale', { customer_id: 'c1', amount: 500, currency: 'EUR' });
  const events = await live.waitFor(5);
  await Bun.sleep(300); // nothing more should arrive
  expect(events.map((e) => e.type)).toEqual(['click', 'click', 'click', 'lead', 'sale']);
  expect(events.slice(0, 3).map((e) => e.data.id)).toEqual(clickIds);
  expect(events[0]!.data).toEqual({
    id: clickIds[0],
    link_id: link.id,
    domain: link.domain,
    slug: link.slug,
    clicked_at: expect.any(String),
    country: null,
    device: 'desktop',
    browser: 'Chrome',
    os: 'Windows',
    referrer_host: 'news.example.org',
  });
  expect(events[3]!.data).toEqual({ lead_id: expect.any(String), link_id: link.id, customer_id: 'c1', event_name: 'Sign up', created_at: expect.any(String) });
  expect(events[4]!.data).toMatchObject({ link_id: link.id, amount: 500, currency: 'EUR' });
  expect(JSON.stringify(events)).not.toContain('c1@example.com');
  await live.close();
});

test('401 without a key, 402 below Pro, 404 for another workspace', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const free = await t.bootstrap({ plan: 'free' });
  const live = (workspaceId: string, key?: string) =>
    t.app.handle(new Request(`${SITE_URL}/api/workspaces/${workspaceId}/stats/live`, { headers: key ? { 'x-api-key': key } : {} }));
  expect((await live(ws.workspaceId)).status).toBe(401);
  expect((await live(free.workspaceId, free.key)).status).toBe(402);
  expect((await live(free.workspaceId, ws.key)).status).toBe(404);
});

test('a reader that falls behind is disconnected, not buffered without bound', async () => {
  let send: ((events: { type: 'click'; data: Record<string, unknown> }[]) => void) | undefined;
  let unsubscribed = false;
  const stream = eventStream((s) => {
    send = s;
    return () => {
      unsubscribed = true;
    };
  });
  const big = { type: 'click' as const, data: { pad: 'x'.repeat(1000) } };
  for (let i = 0; i < (2 * UNREAD_MAX_BYTES) / 1000 && !unsubscribed; i++) send!([big]);
  expect(unsubscribed).toBe(true);
  // what was queued is still readable, then the stream ends
  const reader = stream.getReader();
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  expect(bytes).toBeLessThan(UNREAD_MAX_BYTES + 2000);
});

test('over a real socket the stream is not buffered: the first bytes arrive at once, and so does a sale', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const base = await t.listen();
  const res = await fetch(`${base}/api/workspaces/${ws.workspaceId}/stats/live`, { headers: { host: new URL(SITE_URL).host, 'x-api-key': ws.key } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const readUntil = async (needle: string) => {
    let text = '';
    while (!text.includes(needle)) text += decoder.decode((await reader.read()).value);
    return text;
  };
  expect(await readUntil(': connected')).toContain('retry: 2000');
  await Bun.sleep(1100);
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
  const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true })).body;
  const clickId = (await visitTarget(t, link.slug)).searchParams.get('lh_cid');
  await api('POST', '/track/lead', { click_id: clickId, event_name: 'Sign up', customer_id: 'c9' });
  await api('POST', '/track/sale', { customer_id: 'c9', amount: 900, currency: 'USD' });
  expect(await readUntil('event: sale')).toContain('"amount":900');
  await reader.cancel();
});

test('curl -N, as the docs show it, prints each event as it comes', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const base = await t.listen();
  const curl = Bun.spawn(
    ['curl', '-N', '-s', '-H', `host: ${new URL(SITE_URL).host}`, '-H', `x-api-key: ${ws.key}`, `${base}/api/workspaces/${ws.workspaceId}/stats/live`],
    { stdout: 'pipe', stderr: 'ignore' },
  );
  const reader = curl.stdout.getReader();
  const decoder = new TextDecoder();
  let printed = '';
  const readUntil = async (needle: string) => {
    while (!printed.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`curl ended before "${needle}": ${printed}`);
      printed += decoder.decode(value);
    }
  };
  // a stream that never shows the click ends the test with what curl printed, not a bare timeout
  const stop = setTimeout(() => curl.kill(), 15_000);
  try {
    await readUntil(': connected');
    // the clicks worker reads who watches at most once a second
    await Bun.sleep(1100);
    const link = (await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://shop.example/' } })).body;
    await visitTarget(t, link.slug);
    await flushClicks(t.deps);
    await readUntil('event: click');
    expect(printed).toContain(`"link_id":"${link.id}"`);
  } finally {
    clearTimeout(stop);
    curl.kill();
  }
});
