import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Logger } from '../../core/logger';
import { warnSharedShortHost } from '../../app/server';
import { ADMIN_TOKEN, SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { UA } from '../helpers/smart-links';
import { sessionFromToken, tokenIn } from '../sessions/helpers';

/**
 * The security headers of every kind of answer, with SITE_URL on http and on https: short-link
 * pages (the plain ones with no script, and the sandboxed ones that run a workspace's scripts), the
 * plain redirect, portfolios, the API docs, the dashboard, JSON answers and errors.
 */

const HSTS = 'max-age=31536000';
const SANDBOX = 'sandbox allow-scripts allow-top-navigation-to-custom-protocols;';

type Kind = 'plain page' | 'sandboxed page' | 'site page' | 'json';
interface Answer {
  what: string;
  status: number;
  kind: Kind;
  res: Response;
}

/** Every kind of answer of `t`, from links of a Team workspace with retargeting scripts. */
async function answersOf(t: TestApp): Promise<Answer[]> {
  const ws = await t.bootstrap({ plan: 'team' });
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
  const link = async (body: Record<string, unknown>) => {
    const res = await api('POST', '/links', { target: 'https://example.com/landing', ...body });
    expect(res.status).toBe(201);
    return `/${res.body.slug}`;
  };
  const plain = await link({});
  const social = await link({ og_title: 'Preview' });
  const locked = await link({ password: 'correct-horse-9' });
  const expired = await link({ expires_at: new Date(Date.now() - 1000).toISOString() });
  const portfolio = await api('POST', '/portfolios', { name: 'Mine' });
  expect(portfolio.status).toBe(201);
  // the redirect (a 302, no body) comes before the workspace has scripts
  const redirect = await t.request(plain, { headers: { 'user-agent': UA.desktop } });
  expect((await api('PATCH', '', { retargeting_scripts: ['https://cdn.example/pixel.js'] })).status).toBe(200);
  const interstitial = await link({ interstitial: { title: 'One moment', show_once: false } });
  const app = await link({ deep_link: { ios_app_url: 'myapp://open', interstitial: true } });

  const visit = (path: string, ua = UA.desktop, init: RequestInit = {}) => t.request(path, { ...init, headers: { 'user-agent': ua, ...init.headers } });
  const site = (path: string, headers: Record<string, string> = {}) => t.app.handle(new Request(`${SITE_URL}${path}`, { headers }));
  const wrongPassword = new URLSearchParams({ password: 'wrong' });
  return [
    { what: 'plain redirect', status: 302, kind: 'plain page', res: redirect },
    { what: 'unknown short link', status: 404, kind: 'plain page', res: await visit('/nothing-here') },
    { what: 'password form', status: 200, kind: 'plain page', res: await visit(locked) },
    { what: 'wrong password', status: 401, kind: 'plain page', res: await visit(locked, UA.desktop, { method: 'POST', body: wrongPassword }) },
    { what: 'social-bot page', status: 200, kind: 'plain page', res: await visit(social, UA.facebook) },
    { what: 'expired page', status: 410, kind: 'plain page', res: await visit(expired) },
    { what: 'retargeting page', status: 200, kind: 'sandboxed page', res: await visit(plain) },
    { what: 'interstitial', status: 200, kind: 'sandboxed page', res: await visit(interstitial) },
    { what: 'app-detection page', status: 200, kind: 'sandboxed page', res: await visit(app, UA.iphone) },
    { what: 'portfolio', status: 200, kind: 'site page', res: await site(`/p/${portfolio.body.slug}`) },
    { what: 'unknown portfolio', status: 404, kind: 'site page', res: await site('/p/nothing-here') },
    { what: 'API docs', status: 200, kind: 'site page', res: await site('/api/docs') },
    { what: 'dashboard', status: 200, kind: 'site page', res: await site('/app/w/x') },
    { what: 'JSON answer', status: 200, kind: 'json', res: await site('/api/workspaces', { 'x-api-key': ws.key }) },
    { what: 'JSON error', status: 401, kind: 'json', res: await site('/api/workspaces') },
    { what: 'unknown API path', status: 404, kind: 'json', res: await site('/api/nothing-here') },
  ];
}

for (const scheme of ['http', 'https'] as const) {
  describe(`SITE_URL on ${scheme}`, () => {
    let t: TestApp;
    let answers: Answer[];
    beforeAll(async () => {
      t = await startTestApp({ env: { SITE_URL: `${scheme}://linkhop.test` } });
      answers = await answersOf(t);
    }, 60_000);
    afterAll(() => t.close());

    test('every answer has its status; HSTS on https only', () => {
      for (const { what, status, res } of answers) {
        expect({ what, status: res.status, hsts: res.headers.get('strict-transport-security') }).toEqual({
          what,
          status,
          hsts: scheme === 'https' ? HSTS : null,
        });
      }
    });

    test('the plain redirect carries nothing else (no body to sniff, frame or style)', () => {
      const { res } = answers.find((a) => a.what === 'plain redirect')!;
      const names: string[] = [];
      res.headers.forEach((_value, name) => void names.push(name));
      names.sort();
      expect(names).toEqual(['cache-control', 'location', ...(scheme === 'https' ? ['strict-transport-security'] : [])]);
    });

    test('every page and JSON answer: a policy with frame-ancestors none, X-Frame-Options, nosniff, a referrer policy', () => {
      for (const { what, res } of answers.filter((a) => a.what !== 'plain redirect')) {
        const csp = res.headers.get('content-security-policy') ?? '';
        expect({ what, framing: csp.includes("frame-ancestors 'none'"), base: csp.includes("base-uri 'none'") }).toEqual({ what, framing: true, base: true });
        expect({ what, xfo: res.headers.get('x-frame-options'), nosniff: res.headers.get('x-content-type-options') }).toEqual({
          what,
          xfo: 'DENY',
          nosniff: 'nosniff',
        });
        expect({ what, referrer: ['strict-origin-when-cross-origin', 'same-origin'].includes(res.headers.get('referrer-policy')!) }).toEqual({
          what,
          referrer: true,
        });
      }
    });

    test('pages that run a workspace script are sandboxed in an opaque origin; the others run no script at all', () => {
      for (const { what, kind, res } of answers) {
        const csp = res.headers.get('content-security-policy') ?? '';
        if (kind === 'sandboxed page') {
          expect({ what, sandboxed: csp.startsWith(SANDBOX), sameOrigin: csp.includes('allow-same-origin') }).toEqual({
            what,
            sandboxed: true,
            sameOrigin: false,
          });
        }
        if (kind === 'plain page' && what !== 'plain redirect') {
          // default-src 'none' and no script-src: no script, inline or not; the one style by hash
          expect({ what, csp: /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; base-uri 'none'; frame-ancestors 'none'$/.test(csp) }).toEqual({
            what,
            csp: true,
          });
        }
        if (kind === 'json') expect({ what, csp }).toEqual({ what, csp: "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" });
      }
      const csp = (what: string) => answers.find((a) => a.what === what)!.res.headers.get('content-security-policy')!;
      expect(csp('portfolio')).toBe(
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(csp('API docs')).toMatch(/^default-src 'none'; script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'; style-src 'self';/);
      // the dashboard keeps its own policy (test/dashboard/serving.test.ts has it whole)
      expect(csp('dashboard')).toStartWith("default-src 'self'; script-src 'self';");
    });

    test('the pages no longer carry a referrer policy of their own that would contradict the header', async () => {
      const page = await answers
        .find((a) => a.what === 'retargeting page')!
        .res.clone()
        .text();
      expect(page).toContain('<script async src="https://cdn.example/pixel.js"></script>');
      expect(page).not.toContain('name="referrer"');
    });
  });
}

describe('Origin: null (a sandboxed page, a file) is refused by the API, whatever the credential', () => {
  let t: TestApp;
  let owner: { workspaceId: string; key: string };
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.bootstrap({ email: 'owner@example.com', plan: 'pro' });
  }, 60_000);
  afterAll(() => t.close());

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    t.app.handle(
      new Request(`${SITE_URL}/api${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const keyCount = async () => (await t.api('GET', `/workspaces/${owner.workspaceId}/api-keys`, { key: owner.key })).body.api_keys.length as number;
  const refusal = { error: 'Refused: requests from a page without an origin (Origin: null) may not use the API', code: 'forbidden' };

  test('the session cookie with its CSRF token: reading the session and minting a key are refused, nothing is written', async () => {
    const link = await t.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email: 'owner@example.com' } });
    const session = await sessionFromToken(t, tokenIn(link.body.url));
    const before = await keyCount();
    const asPage = { cookie: session.cookie, 'x-csrf-token': session.csrf, origin: 'null' };

    const read = await call('GET', '/session', asPage);
    expect(read.status).toBe(403);
    expect(await read.json()).toEqual(refusal);
    const mint = await call('POST', `/workspaces/${owner.workspaceId}/api-keys`, asPage, { name: 'taken' });
    expect(mint.status).toBe(403);
    expect(await mint.json()).toEqual(refusal);
    expect(await keyCount()).toBe(before);

    // control: the same requests from the site's own pages (their origin) pass
    const own = { ...asPage, origin: SITE_URL };
    expect((await call('GET', '/session', own)).status).toBe(200);
    expect((await call('POST', `/workspaces/${owner.workspaceId}/api-keys`, own, { name: 'mine' })).status).toBe(201);
    expect(await keyCount()).toBe(before + 1);
  });

  test('an API key, and a sign-in token, from an opaque origin are refused too', async () => {
    expect((await call('GET', '/workspaces', { 'x-api-key': owner.key, origin: 'null' })).status).toBe(403);
    expect((await call('GET', '/workspaces', { 'x-api-key': owner.key })).status).toBe(200);
    const link = await t.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email: 'owner@example.com' } });
    const token = tokenIn(link.body.url);
    expect((await call('POST', '/session', { origin: 'null' }, { token })).status).toBe(403);
    // refused before it was looked at: the link is still unused
    expect((await call('POST', '/session', {}, { token })).status).toBe(200);
  });
});

test('at start, a site and a default short domain on one host are named as a risk, with the fix', () => {
  const warnings: { fields: unknown; message: string }[] = [];
  const log = { warn: (fields: unknown, message: string) => void warnings.push({ fields, message }) } as unknown as Logger;
  warnSharedShortHost({ config: { siteHost: 'example.com', defaultDomain: 'go.example.com' } as never, log });
  expect(warnings).toEqual([]);
  warnSharedShortHost({ config: { siteHost: 'localhost:3000', defaultDomain: 'localhost:3000' } as never, log });
  expect(warnings).toHaveLength(1);
  expect(warnings[0]!.fields).toEqual({ siteHost: 'localhost:3000', defaultDomain: 'localhost:3000' });
  expect(warnings[0]!.message).toContain('retargeting scripts');
  expect(warnings[0]!.message).toContain("cannot use a visitor's session");
  expect(warnings[0]!.message).toContain('set DEFAULT_DOMAIN');
});
