import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../../core/config';
import { startTestApp, type TestApp } from '../helpers/app';
import { mailsTo, requestLink, startSessionsApp, type Sink } from '../sessions/helpers';
import { memberWithKey } from '../helpers/members';
import { startDnsServer } from '../domains/dns-server';

/** Domain capture's API (the owner's, Team and up), verified against the loopback DNS server; the e-mail-link policies; the OIDC settings. */
let t: TestApp;
let sink: Sink;
let closeApp: () => Promise<void>;
let off: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;

beforeAll(async () => {
  dns = await startDnsServer();
  ({ t, sink, close: closeApp } = await startSessionsApp({ DNS_SERVERS: dns.address }));
  off = await startTestApp({ env: { EMAIL_SIGNIN: 'false' } });
});
afterAll(async () => {
  await closeApp();
  await off.close();
  dns.close();
});

let seq = 0;
const fresh = (label: string) => `${label}-${++seq}-${Date.now().toString(36)}.test`;
type Owner = { workspaceId: string; key: string };
const path = (ws: Owner, rest = '') => `/workspaces/${ws.workspaceId}/sso-domains${rest}`;

async function claim(ws: Owner, body: Record<string, unknown>) {
  const res = await t.api('POST', path(ws), { key: ws.key, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; domain: string; txt_name: string; txt_record: string };
}

async function claimVerified(ws: Owner, domain: string, extra: Record<string, unknown> = {}) {
  const claimed = await claim(ws, { domain, ...extra });
  dns.zone.set(claimed.txt_name, { txt: [[claimed.txt_record]] });
  expect((await t.api('POST', path(ws, `/${claimed.id}/verify`), { key: ws.key })).body).toEqual({ verified: true });
  return claimed;
}

describe('SSO domains API', () => {
  test('claim, verify by TXT record, change, list and remove, each audited', async () => {
    const ws = await t.bootstrap({ plan: 'team' });
    const domain = fresh('acme');
    const claimed = await claim(ws, { domain, default_role: 'editor' });
    expect(claimed).toMatchObject({ domain, verified: false, default_role: 'editor', sso_required: false, txt_name: `_linkhop.${domain}` });
    expect(claimed.txt_record).toMatch(/^linkhop-verify=[0-9a-f]{32}$/);

    const absent = await t.api('POST', path(ws, `/${claimed.id}/verify`), { key: ws.key });
    expect(absent.body).toMatchObject({ verified: false, txt_name: `_linkhop.${domain}`, expected_txt: claimed.txt_record });
    expect(absent.body.dns_answers).toContainEqual({ type: 'TXT', name: `_linkhop.${domain}`, records: [] });
    // one attempt per 10 s per domain
    expect((await t.api('POST', path(ws, `/${claimed.id}/verify`), { key: ws.key })).status).toBe(429);

    const other = await claimVerified(ws, fresh('verified'));
    const patched = await t.api('PATCH', path(ws, `/${other.id}`), { key: ws.key, body: { sso_required: true, default_role: 'admin' } });
    expect(patched.body).toMatchObject({ verified: true, sso_required: true, default_role: 'admin' });

    const list = await t.api('GET', path(ws), { key: ws.key });
    expect(list.body.data.map((d: { domain: string; verified: boolean }) => [d.domain, d.verified])).toEqual([
      [domain, false],
      [other.domain, true],
    ]);
    expect((await t.api('DELETE', path(ws, `/${claimed.id}`), { key: ws.key })).body).toEqual({ ok: true });
    expect((await t.api('DELETE', path(ws, `/${claimed.id}`), { key: ws.key })).status).toBe(404);

    const audit = await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?limit=100`, { key: ws.key });
    const actions = audit.body.entries.map((e: { action: string }) => e.action);
    for (const action of ['sso_domain.add', 'sso_domain.verify', 'sso_domain.update', 'sso_domain.remove']) expect(actions).toContain(action);
  });

  test('bad input is a 400 naming it; an owner default role is refused', async () => {
    const ws = await t.bootstrap({ plan: 'team' });
    for (const body of [
      { domain: 'Not A Domain' },
      { domain: 'localhost' },
      { domain: fresh('x'), default_role: 'owner' },
      { domain: fresh('x'), sso_required: 'yes' },
      {},
    ]) {
      const res = await t.api('POST', path(ws), { key: ws.key, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBeString();
    }
    const claimed = await claim(ws, { domain: fresh('patch') });
    expect((await t.api('PATCH', path(ws, `/${claimed.id}`), { key: ws.key, body: {} })).body.error).toBe(
      'Nothing to change: send default_role and/or sso_required',
    );
    expect((await t.api('PATCH', path(ws, `/${claimed.id}`), { key: ws.key, body: { sso_required: 'yes' } })).status).toBe(400);
  });

  test('the owner only (403), on the Team plan and up (402); another workspace’s domain is a 404; no key is a 401', async () => {
    const team = await t.bootstrap({ plan: 'team' });
    const admin = await memberWithKey(t, team.workspaceId, 'admin');
    const denied = await t.api('GET', path({ workspaceId: team.workspaceId, key: admin.key }), { key: admin.key });
    expect(denied.status).toBe(403);

    const pro = await t.bootstrap({ plan: 'pro' });
    const upgrade = await t.api('POST', path(pro), { key: pro.key, body: { domain: fresh('pro') } });
    expect(upgrade.status).toBe(402);
    expect(upgrade.body.error).toBe('Plan upgrade required: single sign-on domains (domain capture) need the Team or Agency plan');

    const claimed = await claim(team, { domain: fresh('mine') });
    const stranger = await t.bootstrap({ plan: 'team' });
    for (const [method, rest] of [
      ['PATCH', `/${claimed.id}`],
      ['POST', `/${claimed.id}/verify`],
      ['DELETE', `/${claimed.id}`],
    ] as const) {
      const res = await t.api(method, path(stranger, rest), { key: stranger.key, body: method === 'PATCH' ? { sso_required: true } : undefined });
      expect(res.status).toBe(404);
    }
    expect((await t.api('GET', path(team))).status).toBe(401);
  });

  test('a domain is claimed once per workspace; another workspace may claim it, but only one verifies it (409)', async () => {
    const first = await t.bootstrap({ plan: 'team' });
    const second = await t.bootstrap({ plan: 'agency' });
    const domain = fresh('shared');
    await claimVerified(first, domain);
    expect((await t.api('POST', path(first), { key: first.key, body: { domain } })).status).toBe(409);
    const late = await claim(second, { domain });
    dns.zone.set(late.txt_name, { txt: [[late.txt_record]] });
    const refused = await t.api('POST', path(second, `/${late.id}/verify`), { key: second.key });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`${domain} is already verified by another workspace`);
  });

  test('the DNS server not answering is a 502', async () => {
    const ws = await t.bootstrap({ plan: 'team' });
    const claimed = await claim(ws, { domain: fresh('servfail') });
    dns.zone.set(claimed.txt_name, { servfail: true });
    const res = await t.api('POST', path(ws, `/${claimed.id}/verify`), { key: ws.key });
    expect(res.status).toBe(502);
  });
});

describe('e-mail sign-in links', () => {
  test('"SSO required": the same answer as for anyone (202), and the reason by mail instead of a link; other domains get links', async () => {
    const ws = await t.bootstrap({ plan: 'team' });
    const strict = fresh('strict');
    const relaxed = fresh('relaxed');
    await claimVerified(ws, strict, { sso_required: true });
    await claimVerified(ws, relaxed);
    const member = `ann@${strict}`;
    const stranger = `someone@${strict}`;
    const other = `ben@${relaxed}`;
    await t.bootstrap({ email: member });
    await t.bootstrap({ email: other });
    for (const email of [member.toUpperCase(), stranger, other]) expect((await requestLink(t, email)).status).toBe(202);
    for (const email of [member, stranger]) {
      const [mail] = await mailsTo(t, sink, email, 1);
      expect(mail!.text).toContain(`Addresses at ${strict} sign in to Linkhop with single sign-on only, so no sign-in link was sent.`);
      expect(mail!.text).not.toContain('#token=');
    }
    const [link] = await mailsTo(t, sink, other, 1);
    expect(link!.text).toContain('/app/sign-in#token=');
    // a subdomain is not the captured domain
    await t.bootstrap({ email: `cy@sub.${strict}` });
    await requestLink(t, `cy@sub.${strict}`);
    expect((await mailsTo(t, sink, `cy@sub.${strict}`, 1))[0]!.text).toContain('#token=');
  });

  test('an unverified claim with "SSO required" refuses nobody; nor does a workspace below Team', async () => {
    const ws = await t.bootstrap({ plan: 'team' });
    const domain = fresh('claimed');
    await claim(ws, { domain, sso_required: true });
    await t.bootstrap({ email: `a@${domain}` });
    await requestLink(t, `a@${domain}`);
    expect((await mailsTo(t, sink, `a@${domain}`, 1))[0]!.text).toContain('#token=');

    const downgraded = await t.bootstrap({ plan: 'team' });
    const lapsed = fresh('lapsed');
    await claimVerified(downgraded, lapsed, { sso_required: true });
    await t.api('PATCH', `/admin/workspaces/${downgraded.workspaceId}`, { body: { plan: 'pro' }, headers: { authorization: `Bearer ${t.config.adminToken}` } });
    await t.bootstrap({ email: `a@${lapsed}` });
    await requestLink(t, `a@${lapsed}`);
    expect((await mailsTo(t, sink, `a@${lapsed}`, 1))[0]!.text).toContain('#token=');
  });

  test('EMAIL_SIGNIN=false turns the links off for everyone (403) and says so to the sign-in page', async () => {
    const res = await off.api('POST', '/session/sign-in-link', { body: { email: 'anyone@example.com' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Sign-in by e-mail link is turned off on this server.');
    expect((await off.api('GET', '/session/options')).body).toEqual({ email_links: false, sso: null });
    expect((await t.api('GET', '/session/options')).body).toEqual({ email_links: true, sso: null });
  });

  test('without OIDC_ISSUER the single sign-on routes are 404s', async () => {
    const start = await t.request('/api/session/oidc/start', { host: new URL(t.config.siteUrl).host });
    expect(start.status).toBe(404);
    const callback = await t.request('/api/session/oidc/callback?code=x&state=y', { host: new URL(t.config.siteUrl).host });
    expect(callback.status).toBe(404);
  });
});

describe('OIDC settings', () => {
  const all = { OIDC_ISSUER: 'https://id.example.com/', OIDC_CLIENT_ID: 'linkhop', OIDC_CLIENT_SECRET: 's3cret', OIDC_NAME: 'Okta' };

  test('all four, the issuer https; none means no single sign-on', () => {
    expect(loadConfig(all).oidc).toEqual({ issuer: 'https://id.example.com/', clientId: 'linkhop', clientSecret: 's3cret', name: 'Okta' });
    expect(loadConfig({}).oidc).toBeUndefined();
  });

  test('a partial setting names what is missing; an http issuer is refused', () => {
    expect(() => loadConfig({ OIDC_ISSUER: all.OIDC_ISSUER, OIDC_NAME: 'Okta' })).toThrow(
      'Single sign-on needs all of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME; missing: OIDC_CLIENT_ID, OIDC_CLIENT_SECRET',
    );
    expect(() => loadConfig({ ...all, OIDC_ISSUER: 'http://id.example.com' })).toThrow('OIDC_ISSUER must be an https URL');
    expect(() => loadConfig({ ...all, OIDC_ISSUER: 'not a url' })).toThrow("OIDC_ISSUER must be the provider's https URL");
  });

  test('EMAIL_SIGNIN is true unless false', () => {
    expect(loadConfig({}).emailSignIn).toBe(true);
    expect(loadConfig({ EMAIL_SIGNIN: 'false' }).emailSignIn).toBe(false);
    expect(() => loadConfig({ EMAIL_SIGNIN: 'nope' })).toThrow('EMAIL_SIGNIN must be true (the default) or false, got "nope"');
  });
});
