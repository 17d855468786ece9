import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { watchForXss, XSS_PAYLOADS } from '../helpers/xss';
import { signIn, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';

/**
 * The reliability tests' XSS payloads as workspace names, link titles, link targets and the
 * person's name, rendered by the dashboard in Chromium: nothing of them runs (no dialog, no write
 * to window.__xss, not even a script the CSP had to block), and each shows intact as text.
 */
warnIfNoChromium('dashboard xss');

let d: Dashboard;
const email = `hostile-${crypto.randomUUID().slice(0, 8)}@example.com`;
const spaces: { payload: string; workspaceId: string; linkId: string }[] = [];

beforeAll(async () => {
  if (skipBrowser) return;
  d = await startDashboard();
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    const ws = await d.t.bootstrap({ email, plan: 'pro', name: i === 0 ? XSS_PAYLOADS.at(-1) : undefined });
    expect((await d.t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { name: payload } })).status).toBe(200);
    const link = await d.t.api('POST', `/workspaces/${ws.workspaceId}/links`, {
      key: ws.key,
      body: { title: payload, target: `https://example.com/?q=${encodeURIComponent(payload)}` },
    });
    expect(link.status).toBe(201);
    spaces.push({ payload, workspaceId: ws.workspaceId, linkId: link.body.id });
  }
}, 120_000);
afterAll(async () => {
  await d?.close();
});

describe.skipIf(skipBrowser)('hostile strings in the dashboard', () => {
  test('no payload runs on the overview, links and analytics pages; each is shown as text', async () => {
    const { page, cspViolations } = await d.newPage();
    const seen = await watchForXss(page);
    await signIn(d, page, email);

    for (const { payload, workspaceId, linkId } of spaces) {
      for (const [path, ready] of [
        [`/w/${workspaceId}`, 'Top links'],
        [`/w/${workspaceId}/links`, payload],
        [`/w/${workspaceId}/links/${linkId}/analytics`, 'Clicks over time'],
      ] as const) {
        await page.goto(d.appUrl(path));
        await page.getByText(ready, { exact: true }).first().waitFor();
        await page.getByRole('button', { name: /^Workspace:/ }).click(); // the switcher lists every hostile name
        await page.waitForTimeout(150); // let onerror/onload handlers of would-be images fire
        const text = await page.evaluate(() => document.body.innerText);
        expect({ path, payload, shown: text.includes(payload) }).toEqual({ path, payload, shown: true });
      }
    }
    // the person's name, in the account menu
    await page.getByRole('button', { name: /^Signed in as/ }).click();
    expect(await page.evaluate(() => document.body.innerText)).toContain(XSS_PAYLOADS.at(-1)!);

    expect({ ...seen, cspViolations }).toEqual({ dialogs: [], flagWrites: 0, cspViolations: [] });
  }, 120_000);

  test('control: markup injected into the page unescaped is stopped by the CSP, and the stop is seen', async () => {
    const { page, cspViolations } = await d.newPage();
    await page.goto(d.appUrl('/sign-in'));
    await page.getByLabel('E-mail').waitFor();
    await page.evaluate(() =>
      document.body.insertAdjacentHTML('beforeend', '<img src="/app/missing.png" onerror="document.title=1"><script>document.title=2</script>'),
    );
    await page.waitForTimeout(300);
    expect(await page.title()).toBe('Linkhop');
    expect(cspViolations.some((v) => v.startsWith('script-src'))).toBe(true);
  });
});
