import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { flushClicks } from '../../modules/clicks/recorder';
import { startTestApp, type TestApp } from '../helpers/app';
import { waitFor } from '../helpers/processes';
import { BROWSER_UA } from '../conversions/helpers';

/** Per-variant results (GET …/links/{id}/stats/variants) of clicks and conversions sent through real redirects. */
let t: TestApp;
let team: { workspaceId: string; key: string };
const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${team.workspaceId}${path}`, { key: team.key, body });

beforeAll(async () => {
  t = await startTestApp();
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks']);
  team = await t.bootstrap({ plan: 'team' });
});
afterAll(() => t.close());

const variantsOf = async (linkId: string, query = '') => {
  const res = await api('GET', `/links/${linkId}/stats/variants${query}`);
  expect(res.status).toBe(200);
  return res.body.variants as any[];
};

describe('A/B results per variant', () => {
  test('clicks, leads, sales and revenue follow the variant that served each click', async () => {
    const created = await api('POST', '/links', {
      target: 'https://default.example/',
      track_conversions: true,
      ab_variants: [
        { name: 'Blue', url: 'https://blue.example/', weight: 70 },
        { name: 'Green', url: 'https://green.example/', weight: 30 },
      ],
    });
    expect(created.status).toBe(201);
    const link = created.body;
    // each visit a new visitor (no cookie): the variant drawn by weight, its click id in the target
    const clickIds: Record<string, string[]> = { Blue: [], Green: [] };
    for (let i = 0; i < 40; i++) {
      const res = await t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA } });
      expect(res.status).toBe(302);
      const target = new URL(res.headers.get('location')!);
      clickIds[target.host === 'blue.example' ? 'Blue' : 'Green']!.push(target.searchParams.get('lh_cid')!);
    }
    // both variants drawn in 40 visits (70/30: all 40 to one has odds below 1e-6)
    expect(clickIds.Blue!.length).toBeGreaterThan(0);
    expect(clickIds.Green!.length).toBeGreaterThan(0);

    const lead = async (clickId: string, customer: string) =>
      expect((await api('POST', '/track/lead', { click_id: clickId, event_name: 'Sign up', customer_id: customer })).status).toBe(200);
    const sale = async (customer: string, amount: number, currency: string) =>
      expect((await api('POST', '/track/sale', { customer_id: customer, amount, currency })).status).toBe(200);
    await lead(clickIds.Blue![0]!, 'blue-1');
    if (clickIds.Blue!.length > 1) await lead(clickIds.Blue![1]!, 'blue-2');
    await lead(clickIds.Green![0]!, 'green-1');
    await sale('blue-1', 4900, 'EUR');
    await sale('blue-1', 100, 'EUR');
    await sale('green-1', 1000, 'USD');

    await flushClicks(t.deps);
    await waitFor(async () => (await variantsOf(link.id)).reduce((n, v) => n + v.clicks, 0) === 40, 30_000, 'the 40 clicks stored');
    const [blue, green] = await variantsOf(link.id);
    const blueClicks = clickIds.Blue!.length;
    expect(blue).toEqual({
      name: 'Blue',
      url: 'https://blue.example/',
      weight: 70,
      weight_share: 0.7,
      clicks: blueClicks,
      traffic_share: Math.round((blueClicks / 40) * 10_000) / 10_000,
      leads: blueClicks > 1 ? 2 : 1,
      sales: 2,
      revenue: [{ currency: 'EUR', amount: 5000 }],
    });
    expect(green).toEqual({
      name: 'Green',
      url: 'https://green.example/',
      weight: 30,
      weight_share: 0.3,
      clicks: 40 - blueClicks,
      traffic_share: Math.round(((40 - blueClicks) / 40) * 10_000) / 10_000,
      leads: 1,
      sales: 1,
      revenue: [{ currency: 'USD', amount: 1000 }],
    });
    // a range of days before the test: nothing in it
    const past = await variantsOf(link.id, '?from=2020-01-01&to=2020-01-31');
    expect(past.map((v) => [v.name, v.clicks, v.traffic_share, v.leads, v.sales])).toEqual([
      ['Blue', 0, null, 0, 0],
      ['Green', 0, null, 0, 0],
    ]);
  }, 90_000);

  test('a link without variants answers none; an unknown link 404', async () => {
    const plain = await api('POST', '/links', { target: 'https://plain.example/' });
    expect(await variantsOf(plain.body.id)).toEqual([]);
    expect((await api('GET', '/links/00000000-0000-7000-8000-000000000000/stats/variants')).status).toBe(404);
  });
});
