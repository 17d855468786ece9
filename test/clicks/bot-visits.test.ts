import { afterAll, beforeAll, expect, test } from 'bun:test';
import { flushClicks } from '../../modules/clicks/recorder';
import { startTestApp, type TestApp } from '../helpers/app';
import { waitFor } from '../helpers/processes';
import { BROWSER_UA } from '../conversions/helpers';

/** Bot visits (curl, headless browsers) are counted aside: `bot_visits` in link stats and the summary, never clicks. */
let t: TestApp;
let ws: { workspaceId: string; key: string };
const api = (path: string) => t.api('GET', `/workspaces/${ws.workspaceId}${path}`, { key: ws.key });

beforeAll(async () => {
  t = await startTestApp();
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks']);
  ws = await t.bootstrap({ plan: 'pro' });
});
afterAll(() => t.close());

test('curl and headless Chrome visits count as bot visits, not clicks; a browser visit as a click', async () => {
  const link = (await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://bots.example/' } })).body;
  const headless = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36';
  for (const ua of ['curl/8.5.0', 'curl/8.5.0', headless]) {
    const res = await t.request(`/${link.slug}`, { headers: { 'user-agent': ua } });
    // a bot is still redirected: only its counting differs
    expect(res.status).toBe(302);
  }
  // HEAD is no visit at all
  await t.request(`/${link.slug}`, { method: 'HEAD', headers: { 'user-agent': 'curl/8.5.0' } });
  expect((await t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(302);

  await flushClicks(t.deps);
  await waitFor(async () => (await api(`/links/${link.id}/stats`)).body.bot_visits === 3, 30_000, 'three bot visits counted');
  await waitFor(async () => (await api(`/links/${link.id}/stats`)).body.total_clicks === 1, 30_000, 'the browser click stored');
  const stats = (await api(`/links/${link.id}/stats`)).body;
  expect(stats.clicks).toBe(1);
  const summary = (await api('/stats/summary')).body;
  expect(summary).toMatchObject({ total_clicks: 1, bot_visits: 3 });
  // bot visits keep no visitor dimensions: unknown under such a filter
  expect((await api(`/links/${link.id}/stats?filter=country:DE`)).body.bot_visits).toBeNull();
  // a range of days before the visits: none
  expect((await api(`/links/${link.id}/stats?from=2020-01-01&to=2020-01-31`)).body.bot_visits).toBe(0);
}, 90_000);
