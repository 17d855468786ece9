import { afterAll, beforeAll, expect, test } from 'bun:test';
import { CADDY, type Caddy, startCaddy, viaCaddy } from '../helpers/caddy';
import { startTestApp, type TestApp } from '../helpers/app';
import { needs } from '../helpers/needs';
import { startDnsServer } from './dns-server';

// Custom domains over https, as docs/operations.md sets them up: a real Caddy with on-demand TLS asks
// Linkhop's /api/tls/ask before it gets a certificate (from its internal CA: offline) for a name
if (needs(!!CADDY, 'test/domains/caddy-tls.test.ts', 'caddy (Debian package caddy)')) {
  let t: TestApp;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let caddy: Caddy;
  let ws: { workspaceId: string; key: string };
  beforeAll(async () => {
    dns = await startDnsServer();
    t = await startTestApp({ env: { DNS_SERVERS: dns.address } });
    caddy = await startCaddy(Number(new URL(await t.listen()).port));
    ws = await t.bootstrap({ plan: 'pro' });
  });
  afterAll(async () => {
    await caddy?.stop();
    await t?.close();
    dns?.close();
  });

  async function customDomain(domain: string, verify: boolean) {
    const created = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain } });
    expect(created.status).toBe(201);
    if (verify) {
      dns.zone.set(created.body.txt_name, { txt: [[created.body.txt_record]] });
      expect((await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${created.body.id}/verify`, { key: ws.key })).body.verified).toBe(true);
    }
    const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, {
      key: ws.key,
      body: { target: `https://example.com/${domain}`, domain, slug: 'spring' },
    });
    expect(link.status).toBe(201);
    return created.body.id as string;
  }

  test('a verified custom domain gets a certificate and its short link redirects over https', async () => {
    await customDomain('go.verified-tls.test', true);
    const answer = await viaCaddy(caddy, 'go.verified-tls.test', '/spring');
    expect(answer).toEqual({ ok: true, status: 302, location: 'https://example.com/go.verified-tls.test' });
  }, 60_000);

  test('an unverified custom domain and an unknown name get no certificate, so no redirect', async () => {
    await customDomain('go.unverified-tls.test', false);
    for (const host of ['go.unverified-tls.test', 'anything.example.com']) {
      const answer = await viaCaddy(caddy, host, '/spring');
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.error).toMatch(/SSL|TLS|alert/i);
    }
  }, 60_000);

  test('a removed domain gets no new certificate', async () => {
    const id = await customDomain('go.removed-tls.test', true);
    expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/domains/${id}`, { key: ws.key })).status).toBe(200);
    const answer = await viaCaddy(caddy, 'go.removed-tls.test', '/spring');
    expect(answer.ok).toBe(false);
  }, 60_000);
}
