import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { runMonitoringPass } from '../../modules/monitoring/service';
import { checkA11y, signIn, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';

/** A link's own monitoring events on its analytics page, after real checks of a local target. */
warnIfNoChromium('dashboard link health');

let d: Dashboard;
let status = 500;
const target = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('target', { status }) });

beforeAll(async () => {
  if (skipBrowser) return;
  // the target is on loopback, which the monitor refuses unless told
  d = await startDashboard({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', MONITOR_INTERVAL_MS: '3600000' } });
}, 60_000);
afterAll(async () => {
  await d?.close();
  target.stop(true);
});

describe.skipIf(skipBrowser)('link health on the analytics page', () => {
  test('a monitored link shows its broken and recovered changes; an unmonitored one says how to turn monitoring on', async () => {
    const email = `health-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const ws = await d.t.bootstrap({ email, plan: 'pro' });
    const create = (body: object) => d.t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body }).then((r) => r.body);
    const watched = await create({ target: `http://127.0.0.1:${target.port}/page`, title: 'Watched', monitoring: true });
    const unwatched = await create({ target: 'https://example.com/', title: 'Unwatched' });
    status = 500;
    expect(await runMonitoringPass(d.t.deps)).toMatchObject({ broken: 1 });
    status = 200;
    expect(await runMonitoringPass(d.t.deps)).toMatchObject({ recovered: 1 });

    const { page, cspViolations } = await d.newPage();
    await signIn(d, page, email);
    await page.goto(d.appUrl(`/w/${ws.workspaceId}/links/${watched.id}/analytics`));
    const health = page.getByRole('region', { name: 'Health' });
    const changes = health.getByRole('list', { name: 'Health changes' }).getByRole('listitem');
    await changes.first().waitFor();
    const texts = await changes.allInnerTexts();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^Recovered \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, status 200$/);
    expect(texts[1]).toMatch(/^Broken \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, status 500$/);
    await expect(health.getByText(/^Working: the target answered 200 at the last check/).isVisible()).resolves.toBe(true);
    await page.getByRole('img', { name: /^Clicks per day/ }).waitFor();
    await checkA11y(page);

    await page.goto(d.appUrl(`/w/${ws.workspaceId}/links/${unwatched.id}/analytics`));
    await health.getByText(/^Not monitored\. Turn on Monitoring/).waitFor();
    await health.getByRole('link', { name: "link's settings" }).click();
    await page.waitForURL(d.appUrl(`/w/${ws.workspaceId}/links/${unwatched.id}`));
    expect(cspViolations).toEqual([]);
  });
});
