/**
 * Screenshots of the dashboard's main pages for the docs (docs/dashboard.md): seeds a realistic agency workspace
 * (links, a month of clicks, a monitored link's broken/recovered history, a client workspace),
 * signs in through the mailed link and saves the viewport of each page at 1280 px and 375 px into
 * docs/screenshots/.
 *
 *   bun test/dashboard/screenshots.ts
 */
import { hasChromium } from '../helpers/browser';
import { seedClicks } from '../helpers/clicks';
import { runMonitoringPass } from '../../modules/monitoring/service';
import { screenshot, signIn, startDashboard, DOCS_SCREENSHOTS } from './harness';

if (!hasChromium) throw new Error('screenshots need /usr/bin/chromium (apt-get install -y chromium)');
const LINKS = [
  ['Spring sale landing page', 'https://shop.acme.example/spring-sale', ['campaign', 'spring']],
  ['Newsletter #42: product update', 'https://blog.acme.example/2026/product-update', ['newsletter']],
  ['Webinar sign-up', 'https://events.acme.example/webinar/growth', ['events']],
  ['Careers: frontend engineer', 'https://jobs.acme.example/frontend-engineer', ['hiring']],
  ['Instagram bio', 'https://acme.example/links', ['social']],
  ['Podcast episode 18', 'https://podcast.acme.example/18', ['podcast']],
  ['Pricing page', 'https://acme.example/pricing', []],
  ['Customer story: Northwind', 'https://acme.example/customers/northwind', ['case-study']],
  ['Holiday gift guide', 'https://shop.acme.example/gifts', ['campaign']],
  ['Support centre', 'https://help.acme.example', []],
] as const;

const COUNTRIES = ['US', 'US', 'US', 'DE', 'DE', 'GB', 'FR', 'CA', 'NL', 'IN', 'BR', 'JP'];
const BROWSERS = [
  ['Chrome', 'Windows', 'desktop'],
  ['Chrome', 'Android', 'mobile'],
  ['Safari', 'iOS', 'mobile'],
  ['Safari', 'macOS', 'desktop'],
  ['Firefox', 'Linux', 'desktop'],
  ['Edge', 'Windows', 'desktop'],
  ['Safari', 'iOS', 'tablet'],
] as const;
const REFERERS = [
  null,
  null,
  'https://www.google.com/',
  'https://t.co/',
  'https://www.linkedin.com/',
  'https://news.ycombinator.com/',
  'https://www.instagram.com/',
];

/** Deterministic pseudo-random numbers, so the pictures only change when the pages do. */
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

const d = await startDashboard({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }); // the monitor may check the local target below
try {
  const email = 'maya.chen@acme.example';
  const ws = await d.t.bootstrap({ email, plan: 'agency', name: 'Maya Chen' });
  const api = (method: string, path: string, body?: unknown) => d.t.api(method, path, { key: ws.key, body });
  await api('PATCH', `/workspaces/${ws.workspaceId}`, { name: 'Acme Marketing' });
  await api('POST', `/workspaces/${ws.workspaceId}/clients`, { name: 'Northwind Coffee' });
  await d.t
    .bootstrap({ email, plan: 'free' })
    .then((free) => d.t.api('PATCH', `/workspaces/${free.workspaceId}`, { key: free.key, body: { name: 'Side project' } }));

  const links = [];
  for (const [i, [title, target, tags]] of LINKS.entries()) {
    const res = await api('POST', `/workspaces/${ws.workspaceId}/links`, { title, target, tags });
    if (res.status !== 201) throw new Error(`link: ${res.status} ${res.text}`);
    links.push(res.body);
    // a month of clicks, the first links busiest, weekdays busier, growing towards today
    const clicks = [];
    for (let day = 29; day >= 0; day--) {
      const weekday = new Date(Date.now() - day * 86_400_000).getUTCDay() % 6 !== 0;
      const n = Math.round((LINKS.length - i) * 3 * (weekday ? 1.4 : 0.7) * (1.6 - day / 30) * (0.6 + random()));
      for (let k = 0; k < n; k++) {
        const [browser, os, device] = pick(BROWSERS);
        clicks.push({
          at: new Date(Date.now() - day * 86_400_000 - Math.floor(random() * 8 * 3_600_000)),
          country: pick(COUNTRIES),
          browser,
          os,
          device,
          referer: pick(REFERERS),
          visitor: Math.floor(random() * 2_000),
        });
      }
    }
    await seedClicks(d.t, res.body, clicks);
  }
  // the first link's health history from real checks: its target briefly pointed at a local server that fails once
  let status = 503;
  const flaky = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response(null, { status }) });
  await api('PATCH', `/workspaces/${ws.workspaceId}/links/${links[0].id}`, { target: `http://127.0.0.1:${flaky.port}/`, monitoring: true });
  await runMonitoringPass(d.t.deps);
  status = 200;
  await runMonitoringPass(d.t.deps);
  flaky.stop(true);
  await api('PATCH', `/workspaces/${ws.workspaceId}/links/${links[0].id}`, { target: LINKS[0][1] });

  const { page } = await d.newPage();
  await page.goto(d.appUrl('/sign-in'));
  await page.getByLabel('E-mail').waitFor();
  await screenshot(page, 'sign-in', DOCS_SCREENSHOTS);
  await signIn(d, page, email);

  await page.getByRole('heading', { name: 'Top links' }).waitFor();
  await screenshot(page, 'overview', DOCS_SCREENSHOTS);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: /^Workspace:/ }).click();
  await page.screenshot({ path: `${DOCS_SCREENSHOTS}/navigation-375.png` });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(d.appUrl(`/w/${ws.workspaceId}/links`));
  await page.getByText(LINKS[0][0]).first().waitFor();
  await screenshot(page, 'links', DOCS_SCREENSHOTS);

  await page.goto(d.appUrl(`/w/${ws.workspaceId}/links/${links[0].id}/analytics`));
  await page.getByRole('heading', { name: 'Countries' }).waitFor();
  await screenshot(page, 'link-analytics', DOCS_SCREENSHOTS);
  await page.getByRole('region', { name: 'Health' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${DOCS_SCREENSHOTS}/link-health-wide.png` });

  await page.goto(d.appUrl(`/w/${ws.workspaceId}/links/${links[0].id}`));
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'link-editor', DOCS_SCREENSHOTS);

  console.log(`screenshots saved in ${DOCS_SCREENSHOTS}`);
} finally {
  await d.close();
}
