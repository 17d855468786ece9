import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

// PUT …/portfolios/{id}/links/order: beyond the spec, which gives no way to change a portfolio's order
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const siteHost = new URL(SITE_URL).host;

async function portfolioWithThreeLinks() {
  const me = await t.bootstrap({ plan: 'pro' });
  const ws = me.workspaceId;
  const ids: string[] = [];
  for (const title of ['One', 'Two', 'Three']) {
    const res = await t.api('POST', `/workspaces/${ws}/links`, { key: me.key, body: { target: 'https://example.com/x', title } });
    ids.push(res.body.id);
  }
  const p = await t.api('POST', `/workspaces/${ws}/portfolios`, { key: me.key, body: { name: `Order ${crypto.randomUUID().slice(0, 8)}` } });
  await t.api('POST', `/workspaces/${ws}/portfolios/${p.body.id}/links`, { key: me.key, body: { link_ids: ids } });
  return { me, ws, portfolio: p.body as { id: string; slug: string }, ids };
}

const orderPath = (ws: string, id: string) => `/workspaces/${ws}/portfolios/${id}/links/order`;
const titlesOf = async (key: string, ws: string, id: string) =>
  (await t.api('GET', `/workspaces/${ws}/portfolios/${id}`, { key })).body.links.map((l: { title: string; sort_order: number }) => [l.title, l.sort_order]);

describe('reorder the links of a portfolio', () => {
  test('sets sort_order to the position given; the get and the public page follow at once', async () => {
    const { me, ws, portfolio, ids } = await portfolioWithThreeLinks();
    // the public page is cached: read it once so a stale cache would show
    expect(await (await t.request(`/p/${portfolio.slug}`, { host: siteHost })).text()).toMatch(/One[\s\S]*Two[\s\S]*Three/);
    const res = await t.api('PUT', orderPath(ws, portfolio.id), { key: me.key, body: { link_ids: [ids[2], ids[0], ids[1]] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await titlesOf(me.key, ws, portfolio.id)).toEqual([
      ['Three', 0],
      ['One', 1],
      ['Two', 2],
    ]);
    expect(await (await t.request(`/p/${portfolio.slug}`, { host: siteHost })).text()).toMatch(/Three[\s\S]*One[\s\S]*Two/);
  });

  test('400 when the list misses, repeats or adds a link; the order is unchanged', async () => {
    const { me, ws, portfolio, ids } = await portfolioWithThreeLinks();
    const other = await t.api('POST', `/workspaces/${ws}/links`, { key: me.key, body: { target: 'https://example.com/y' } });
    const cases: [unknown[], RegExp][] = [
      [[ids[1], ids[0]], /every link of the portfolio exactly once/],
      [[ids[0], ids[0], ids[1], ids[2]], /must not repeat/],
      [[...ids, other.body.id], /every link of the portfolio exactly once/],
      [[ids[0], ids[1], other.body.id], /every link of the portfolio exactly once/],
    ];
    for (const [linkIds, message] of cases) {
      const res = await t.api('PUT', orderPath(ws, portfolio.id), { key: me.key, body: { link_ids: linkIds } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await t.api('PUT', orderPath(ws, portfolio.id), { key: me.key, body: {} })).status).toBe(400);
    expect(await titlesOf(me.key, ws, portfolio.id)).toEqual([
      ['One', 0],
      ['Two', 1],
      ['Three', 2],
    ]);
  });

  test('editor reorders; viewer 403; another workspace’s portfolio 404; no key 401', async () => {
    const { me, ws, portfolio, ids } = await portfolioWithThreeLinks();
    const viewer = await memberWithKey(t, ws, 'viewer', 'pro');
    const editor = await memberWithKey(t, ws, 'editor', 'pro');
    const stranger = await t.bootstrap({ plan: 'pro' });
    const body = { link_ids: [ids[1], ids[2], ids[0]] };
    expect((await t.api('PUT', orderPath(ws, portfolio.id), { body })).status).toBe(401);
    expect((await t.api('PUT', orderPath(ws, portfolio.id), { key: viewer.key, body })).status).toBe(403);
    expect((await t.api('PUT', orderPath(stranger.workspaceId, portfolio.id), { key: stranger.key, body })).status).toBe(404);
    expect((await t.api('PUT', orderPath(ws, portfolio.id), { key: editor.key, body })).status).toBe(200);
    expect((await titlesOf(me.key, ws, portfolio.id)).map(([title]: [string]) => title)).toEqual(['Two', 'Three', 'One']);
  });

  test('402 on a plan without portfolios', async () => {
    const free = await t.bootstrap({ plan: 'free' });
    const res = await t.api('PUT', orderPath(free.workspaceId, 'p_nope'), { key: free.key, body: { link_ids: [] } });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('Plan upgrade required: portfolios need the Pro plan or higher');
  });
});
