import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { gzipSync } from 'node:zlib';
import type { EventMap } from '../../core/hooks';
import { startTestApp, SITE_URL, type TestApp } from '../helpers/app';
import { storedClicks } from '../helpers/clicks';
import { memberWithKey } from '../helpers/members';
import { BROWSER_UA, storedClickAt, visitTarget } from './helpers';

const CLICK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DAY = 86_400_000;

let t: TestApp;
let pro: { userId: string; workspaceId: string; key: string };
let other: { userId: string; workspaceId: string; key: string };
let free: { userId: string; workspaceId: string; key: string };
let viewerKey: string;
let tracked: any;
const leads: EventMap['lead.created'][] = [];
const sales: EventMap['sale.created'][] = [];

type Caller = { workspaceId: string; key: string };
const api = (method: string, path: string, body?: unknown, who: Caller = pro) => t.api(method, `/workspaces/${who.workspaceId}${path}`, { key: who.key, body });
const createLink = async (body: Record<string, unknown>, who: Caller = pro) => {
  const res = await api('POST', '/links', body, who);
  if (res.status !== 201) throw new Error(`link: ${res.status} ${res.text}`);
  return res.body;
};
const lead = (body: Record<string, unknown>, who: Caller = pro) => api('POST', '/track/lead', body, who);
const sale = (body: Record<string, unknown>, who: Caller = pro) => api('POST', '/track/sale', body, who);

beforeAll(async () => {
  t = await startTestApp();
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks']);
  pro = await t.bootstrap({ plan: 'pro' });
  other = await t.bootstrap({ plan: 'pro' });
  free = await t.bootstrap({ plan: 'free' });
  viewerKey = (await memberWithKey(t, pro.workspaceId, 'viewer', 'pro')).key;
  tracked = await createLink({ target: 'https://shop.example/landing?ref=x&lh_cid=stale', utm_params: { source: 'news' }, track_conversions: true });
  t.deps.bus.on('lead.created', (e) => void leads.push(e));
  t.deps.bus.on('sale.created', (e) => void sales.push(e));
});
afterAll(() => t.close());

describe('the link field track_conversions', () => {
  test('false by default; Pro and up may switch it on (402 below), off is always allowed; not a boolean: 400', async () => {
    const plain = await createLink({ target: 'https://example.com/' });
    expect(plain.track_conversions).toBe(false);
    expect(tracked.track_conversions).toBe(true);
    const refused = await api('POST', '/links', { target: 'https://example.com/', track_conversions: true }, free);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toContain('conversion tracking');
    expect((await api('POST', '/links', { target: 'https://example.com/', track_conversions: false }, free)).status).toBe(201);
    expect((await api('POST', '/links', { target: 'https://example.com/', track_conversions: 'yes' })).status).toBe(400);
    const bulk = await api('POST', '/links/bulk', { links: [{ target: 'https://example.com/', track_conversions: 1 }] });
    expect(bulk.body.count).toBe(0);
    const patched = async (value: boolean) => {
      expect((await api('PATCH', `/links/${plain.id}`, { track_conversions: value })).status).toBe(200);
      return (await api('GET', `/links/${plain.id}`)).body.track_conversions;
    };
    expect(await patched(true)).toBe(true);
    expect(await patched(false)).toBe(false);
  });

  test("new links take the workspace's default; a link that says otherwise keeps what it says", async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    expect((await api('GET', '', undefined, ws)).body).toMatchObject({ track_conversions_default: false, attribution_window_days: 90 });
    expect((await api('PATCH', '', { track_conversions_default: true }, ws)).status).toBe(200);
    expect((await createLink({ target: 'https://example.com/a' }, ws)).track_conversions).toBe(true);
    expect((await createLink({ target: 'https://example.com/b', track_conversions: false }, ws)).track_conversions).toBe(false);
    const imported = await api('POST', '/links/bulk', { links: [{ target: 'https://example.com/c' }] }, ws);
    const [item] = imported.body.created;
    expect((await api('GET', `/links/${item.id}`, undefined, ws)).body.track_conversions).toBe(true);
  });

  test('workspace settings: the default needs Pro (402); the window is 1 to 365 days (400)', async () => {
    const refused = await api('PATCH', '', { track_conversions_default: true }, free);
    expect(refused.status).toBe(402);
    expect((await api('PATCH', '', { track_conversions_default: false }, free)).status).toBe(200);
    expect((await api('PATCH', '', { attribution_window_days: 0 })).status).toBe(400);
    expect((await api('PATCH', '', { attribution_window_days: 366 })).status).toBe(400);
    expect((await api('PATCH', '', { attribution_window_days: 1.5 })).status).toBe(400);
  });
});

describe('the redirect', () => {
  test("a visit of a tracking link brings lh_cid=<click id> after UTM, replacing the target's own, never doubled", async () => {
    const target = await visitTarget(t, tracked.slug);
    expect(target.origin + target.pathname).toBe('https://shop.example/landing');
    expect(target.searchParams.getAll('lh_cid')).toHaveLength(1);
    expect(target.searchParams.get('lh_cid')).toMatch(CLICK_ID);
    expect(target.searchParams.get('utm_source')).toBe('news');
    expect(target.search.startsWith('?ref=x&')).toBe(true);
    // every visit its own click id
    const again = await visitTarget(t, tracked.slug);
    expect(again.searchParams.get('lh_cid')).not.toBe(target.searchParams.get('lh_cid'));
  });

  test('a page before the target (interstitial) continues to the target with the click id', async () => {
    const link = await createLink({ target: 'https://shop.example/paged', track_conversions: true, interstitial: { title: 'One moment' } });
    const page = await t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const ids = [...html.matchAll(/https:\/\/shop\.example\/paged\?lh_cid=([0-9a-f-]{36})/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(CLICK_ID);
  });

  test('bots, HEAD requests and links without tracking get none', async () => {
    const bot = await t.request(`/${tracked.slug}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    expect(new URL(bot.headers.get('location')!).searchParams.get('lh_cid')).toBe('stale');
    const head = await t.request(`/${tracked.slug}`, { method: 'HEAD', headers: { 'user-agent': 'Mozilla/5.0 Chrome/126' } });
    expect(new URL(head.headers.get('location')!).searchParams.get('lh_cid')).toBe('stale');
    const plain = await createLink({ target: 'https://example.com/plain' });
    expect((await visitTarget(t, plain.slug)).search).toBe('');
  });
});

describe('POST /track/lead', () => {
  test('a lead right after the visit, while its click is still in the batch: found, attributed to the link', async () => {
    const link = await createLink({ target: 'https://shop.example/fresh', track_conversions: true });
    const clickId = (await visitTarget(t, link.slug)).searchParams.get('lh_cid')!;
    // not stored yet: the recorder hands its batch over 100 ms after its first click
    expect((await storedClicks(t.deps.db, [link.id])).rows).toBe(0);
    const res = await lead({ click_id: clickId, event_name: 'Sign up', customer_id: 'cus_fresh', customer_email: 'a@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lead_id: expect.any(String), click_id: clickId, link_id: link.id, customer_id: 'cus_fresh' });
    expect((await storedClicks(t.deps.db, [link.id])).rows).toBe(1);
  });

  test('the same customer_id and event_name answer the same lead; another event is another lead', async () => {
    const clickId = (await visitTarget(t, tracked.slug)).searchParams.get('lh_cid')!;
    const first = await lead({ click_id: clickId, event_name: 'Sign up', customer_id: 'cus_1' });
    expect(first.status).toBe(200);
    const twice = await Promise.all([1, 2, 3].map(() => lead({ click_id: clickId, event_name: 'Sign up', customer_id: 'cus_1' })));
    for (const res of twice) expect(res.body).toEqual(first.body);
    const trial = await lead({ click_id: clickId, event_name: 'Trial', customer_id: 'cus_1' });
    expect(trial.body.lead_id).not.toBe(first.body.lead_id);
    await t.deps.bus.settle();
    const mine = leads.filter((e) => e.data.customer_id === 'cus_1');
    expect(mine.map((e) => e.data.event_name).sort()).toEqual(['Sign up', 'Trial']);
    expect(mine.find((e) => e.data.event_name === 'Sign up')!.data).toMatchObject({ click_id: clickId, link_id: tracked.id, customer_id: 'cus_1' });
    expect(mine[0]!.workspaceId).toBe(pro.workspaceId);
  });

  test("404: an unknown click id, a malformed one, another workspace's", async () => {
    const unknown = await lead({ click_id: '01890000-0000-7000-8000-000000000000', event_name: 'Sign up', customer_id: 'cus_x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Click not found');
    expect((await lead({ click_id: 'not-a-click', event_name: 'Sign up', customer_id: 'cus_x' })).status).toBe(404);
    const theirs = await createLink({ target: 'https://example.com/theirs', track_conversions: true }, other);
    const theirClick = (await visitTarget(t, theirs.slug)).searchParams.get('lh_cid')!;
    expect((await lead({ click_id: theirClick, event_name: 'Sign up', customer_id: 'cus_x' }, other)).status).toBe(200);
    expect((await lead({ click_id: theirClick, event_name: 'Sign up', customer_id: 'cus_y' })).status).toBe(404);
  });

  test('410: a click older than the attribution window (configurable per workspace)', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const link = await createLink({ target: 'https://example.com/old', track_conversions: true }, ws);
    const old = await storedClickAt(t, link, new Date(Date.now() - 91 * DAY));
    const recent = await storedClickAt(t, link, new Date(Date.now() - 89 * DAY));
    const gone = await lead({ click_id: old, event_name: 'Sign up', customer_id: 'c1' }, ws);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe('Click older than the attribution window of 90 days');
    expect((await lead({ click_id: recent, event_name: 'Sign up', customer_id: 'c2' }, ws)).status).toBe(200);
    expect((await api('PATCH', '', { attribution_window_days: 365 }, ws)).status).toBe(200);
    expect((await lead({ click_id: old, event_name: 'Sign up', customer_id: 'c1' }, ws)).status).toBe(200);
    expect((await api('PATCH', '', { attribution_window_days: 1 }, ws)).status).toBe(200);
    expect((await lead({ click_id: recent, event_name: 'Sign up', customer_id: 'c3' }, ws)).status).toBe(410);
  });

  test('400 for a bad body; 401 without a key; 403 for a viewer; 402 below Pro', async () => {
    const clickId = (await visitTarget(t, tracked.slug)).searchParams.get('lh_cid')!;
    expect((await lead({ event_name: 'Sign up', customer_id: 'c' })).status).toBe(400);
    expect((await lead({ click_id: clickId, event_name: '', customer_id: 'c' })).status).toBe(400);
    const big = await lead({ click_id: clickId, event_name: 'Sign up', customer_id: 'c', metadata: { note: 'x'.repeat(10_001) } });
    expect(big.status).toBe(400);
    expect(big.body.error).toContain('metadata');
    const anonymous = await t.api('POST', `/workspaces/${pro.workspaceId}/track/lead`, {
      body: { click_id: clickId, event_name: 'Sign up', customer_id: 'c' },
    });
    expect(anonymous.status).toBe(401);
    expect((await lead({ click_id: clickId, event_name: 'Sign up', customer_id: 'c' }, { workspaceId: pro.workspaceId, key: viewerKey })).status).toBe(403);
    expect((await lead({ click_id: clickId, event_name: 'Sign up', customer_id: 'c' }, free)).status).toBe(402);
  });
});

describe('POST /track/sale', () => {
  test("a sale of a customer with a lead: attributed to the lead's link; the same invoice_id counts once", async () => {
    const clickId = (await visitTarget(t, tracked.slug)).searchParams.get('lh_cid')!;
    await lead({ click_id: clickId, event_name: 'Sign up', customer_id: 'cus_buyer' });
    const first = await sale({ customer_id: 'cus_buyer', amount: 4900, currency: 'EUR', invoice_id: 'inv_1' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sale_id: expect.any(String), link_id: tracked.id, customer_id: 'cus_buyer' });
    const replays = await Promise.all([1, 2, 3].map(() => sale({ customer_id: 'cus_buyer', amount: 4900, currency: 'EUR', invoice_id: 'inv_1' })));
    for (const res of replays) expect(res.body).toEqual(first.body);
    expect((await sale({ customer_id: 'cus_buyer', amount: 100, currency: 'JPY' })).status).toBe(200);
    await t.deps.bus.settle();
    const mine = sales.filter((e) => e.data.customer_id === 'cus_buyer');
    expect(mine.map((e) => [e.data.amount, e.data.currency, e.data.invoice_id, e.data.event_name])).toEqual([
      [4900, 'EUR', 'inv_1', 'Purchase'],
      [100, 'JPY', null, 'Purchase'],
    ]);
  });

  test('404 for a customer without a lead; 400 for amounts and currencies that are not', async () => {
    const none = await sale({ customer_id: 'cus_nobody', amount: 100, currency: 'EUR' });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('Lead of this customer_id not found');
    for (const body of [
      { customer_id: 'cus_buyer', amount: 1.5, currency: 'EUR' },
      { customer_id: 'cus_buyer', amount: -1, currency: 'EUR' },
      { customer_id: 'cus_buyer', amount: '100', currency: 'EUR' },
      { customer_id: 'cus_buyer', amount: 100, currency: 'eur' },
      { customer_id: 'cus_buyer', amount: 100, currency: 'EURO' },
      { customer_id: 'cus_buyer', amount: 100, currency: 'QQQ' },
      { customer_id: 'cus_buyer', currency: 'EUR' },
    ]) {
      const res = await sale(body);
      expect([res.status, JSON.stringify(body)]).toEqual([400, JSON.stringify(body)]);
    }
    expect((await sale({ customer_id: 'cus_buyer', amount: 1, currency: 'EUR' }, { workspaceId: pro.workspaceId, key: viewerKey })).status).toBe(403);
    expect((await sale({ customer_id: 'cus_buyer', amount: 1, currency: 'EUR' }, free)).status).toBe(402);
  });
});

describe('GET /stats/conversions', () => {
  test('clicks, leads, sales and revenue per currency, of the workspace or one link, over a range', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const [a, b] = [
      await createLink({ target: 'https://example.com/a', track_conversions: true }, ws),
      await createLink({ target: 'https://example.com/b', track_conversions: true }, ws),
    ];
    const clickA = [await visitTarget(t, a.slug), await visitTarget(t, a.slug), await visitTarget(t, a.slug)].map((u) => u.searchParams.get('lh_cid')!);
    const clickB = (await visitTarget(t, b.slug)).searchParams.get('lh_cid')!;
    await lead({ click_id: clickA[0], event_name: 'Sign up', customer_id: 'ca' }, ws);
    await lead({ click_id: clickA[1], event_name: 'Sign up', customer_id: 'cb' }, ws);
    await lead({ click_id: clickB, event_name: 'Sign up', customer_id: 'cc' }, ws);
    await sale({ customer_id: 'ca', amount: 1000, currency: 'EUR', invoice_id: 'i1' }, ws);
    await sale({ customer_id: 'ca', amount: 1000, currency: 'EUR', invoice_id: 'i1' }, ws);
    await sale({ customer_id: 'cb', amount: 250, currency: 'EUR' }, ws);
    await sale({ customer_id: 'cc', amount: 700, currency: 'USD' }, ws);
    const stats = (query = '') => api('GET', `/stats/conversions${query}`, undefined, ws);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    const top = (link: { id: string; domain: string; slug: string }, currency: string, sales: number, amount: number) => ({
      currency,
      link_id: link.id,
      domain: link.domain,
      slug: link.slug,
      sales,
      amount,
    });
    expect((await stats()).body).toEqual({
      clicks: 4,
      leads: 3,
      sales: 3,
      revenue: [
        { currency: 'EUR', sales: 2, amount: 1250 },
        { currency: 'USD', sales: 1, amount: 700 },
      ],
      lead_rate: 0.75,
      sale_rate: 1,
      daily: [
        {
          date: today,
          clicks: 4,
          leads: 3,
          sales: 3,
          revenue: [
            { currency: 'EUR', sales: 2, amount: 1250 },
            { currency: 'USD', sales: 1, amount: 700 },
          ],
        },
      ],
      top_links: [top(a, 'EUR', 2, 1250), top(b, 'USD', 1, 700)],
    });
    expect((await stats(`?link_id=${a.id}`)).body).toEqual({
      clicks: 3,
      leads: 2,
      sales: 2,
      revenue: [{ currency: 'EUR', sales: 2, amount: 1250 }],
      lead_rate: 2 / 3,
      sale_rate: 1,
      daily: [{ date: today, clicks: 3, leads: 2, sales: 2, revenue: [{ currency: 'EUR', sales: 2, amount: 1250 }] }],
      top_links: [top(a, 'EUR', 2, 1250)],
    });
    expect((await stats(`?from=${today}&to=${today}`)).body.leads).toBe(3);
    expect((await stats(`?to=${yesterday}`)).body).toEqual({
      clicks: 0,
      leads: 0,
      sales: 0,
      revenue: [],
      lead_rate: null,
      sale_rate: null,
      daily: [],
      top_links: [],
    });
  });

  test('top links by revenue: the first ten in each currency, most revenue first', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const links = [];
    for (let i = 0; i < 12; i++) links.push(await createLink({ target: `https://example.com/${i}`, track_conversions: true, title: `L${i}` }, ws));
    for (const [i, link] of links.entries()) {
      const cid = (await visitTarget(t, link.slug)).searchParams.get('lh_cid')!;
      await lead({ click_id: cid, event_name: 'Sign up', customer_id: `c${i}` }, ws);
      await sale({ customer_id: `c${i}`, amount: 100 * (i + 1), currency: 'EUR' }, ws);
    }
    // one small sale in another currency: its link tops the JPY list, whatever the EUR amounts
    await sale({ customer_id: 'c0', amount: 5, currency: 'JPY' }, ws);
    const body = (await api('GET', '/stats/conversions', undefined, ws)).body;
    const slugs = new Map(links.map((l, i) => [l.slug, `L${i}`]));
    expect(body.top_links.map((r: { slug: string; currency: string; amount: number }) => `${r.currency} ${slugs.get(r.slug)} ${r.amount}`)).toEqual([
      ...[11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `EUR L${i} ${100 * (i + 1)}`),
      'JPY L0 5',
    ]);
    expect(body.revenue).toEqual([
      { currency: 'EUR', sales: 12, amount: 7800 },
      { currency: 'JPY', sales: 1, amount: 5 },
    ]);
    // a viewer reads them
    const viewer = await memberWithKey(t, ws.workspaceId, 'viewer', 'pro');
    expect((await api('GET', '/stats/conversions', undefined, { workspaceId: ws.workspaceId, key: viewer.key })).status).toBe(200);
  });

  test("404 for another workspace's or an unknown link; 400 for bad dates; 402 below Pro; 401 without a key", async () => {
    expect((await api('GET', `/stats/conversions?link_id=${tracked.id}`, undefined, other)).status).toBe(404);
    expect((await api('GET', '/stats/conversions?link_id=nope')).status).toBe(404);
    expect((await api('GET', '/stats/conversions?from=2026-13-01')).status).toBe(400);
    expect((await api('GET', '/stats/conversions?from=yesterday')).status).toBe(400);
    expect((await api('GET', '/stats/conversions?from=2026-02-02&to=2026-02-01')).status).toBe(400);
    expect((await api('GET', '/stats/conversions', undefined, free)).status).toBe(402);
    expect((await t.api('GET', `/workspaces/${pro.workspaceId}/stats/conversions`)).status).toBe(401);
  });
});

describe('audit', () => {
  test('leads and sales are in the audit log', async () => {
    const log = await api('GET', '/audit-log?action=lead.create');
    expect(log.body.entries.length).toBeGreaterThan(0);
    expect(JSON.parse(log.body.entries[0].details)).toMatchObject({ event_name: expect.any(String), link_id: expect.any(String) });
    expect((await api('GET', '/audit-log?action=sale.create')).body.entries.length).toBeGreaterThan(0);
  });
});

describe('GET /lh.js', () => {
  test('a small script on the site, cacheable, setting no cookie of ours; it copies lh_cid into a cookie of the page', async () => {
    const res = await t.app.handle(new Request(`${SITE_URL}/lh.js`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('set-cookie')).toBeNull();
    const source = await res.text();
    expect(gzipSync(source).length).toBeLessThan(1024);
    const notModified = await t.app.handle(new Request(`${SITE_URL}/lh.js`, { headers: { 'if-none-match': res.headers.get('etag')! } }));
    expect(notModified.status).toBe(304);

    const run = (url: string) => {
      const document = { cookie: '' };
      new Function('document', 'location', source)(document, new URL(url));
      return document.cookie;
    };
    const id = '019ab0c2-5d1e-7c3a-9f10-2b4c6d8e0001';
    expect(run(`https://shop.example/landing?ref=x&lh_cid=${id}`)).toBe(`lh_cid=${id};path=/;max-age=7776000;samesite=lax;secure`);
    expect(run(`http://shop.example/?lh_cid=${id}`)).toBe(`lh_cid=${id};path=/;max-age=7776000;samesite=lax`);
    expect(run('https://shop.example/?lh_cid=%3Cscript%3E')).toBe('');
    expect(run('https://shop.example/')).toBe('');
    // only the site serves it
    expect((await t.request('/lh.js')).status).toBe(404);
  });
});
