import { afterAll, beforeAll, expect, test } from 'bun:test';
import { DEFAULT_DOMAIN, startTestApp, type TestApp } from '../helpers/app';
import { startDnsServer } from './dns-server';

// Caddy's on-demand TLS asks `GET /api/tls/ask?domain=NAME` before it gets a certificate for NAME
let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let base: string;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await startTestApp({ env: { DNS_SERVERS: dns.address } });
  base = await t.listen();
});
afterAll(async () => {
  await t.close();
  dns.close();
});

const ask = (domain: string) => t.api('GET', `/tls/ask?domain=${encodeURIComponent(domain)}`);

async function addDomain(ws: { workspaceId: string; key: string }, domain: string) {
  const created = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain } });
  expect(created.status).toBe(201);
  return created.body as { id: string; txt_name: string; txt_record: string };
}

test('the default domain and a verified custom domain get 200; an unverified, an unknown and an empty name 404', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const verified = await addDomain(ws, 'links.tls-ok.test');
  await addDomain(ws, 'links.tls-pending.test');
  dns.zone.set(verified.txt_name, { txt: [[verified.txt_record]] });
  // a refusal asked before the verification must not outlive it
  expect((await ask('links.tls-ok.test')).status).toBe(404);
  expect((await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${verified.id}/verify`, { key: ws.key })).body.verified).toBe(true);

  expect((await ask(DEFAULT_DOMAIN)).status).toBe(200);
  expect((await ask('links.tls-ok.test')).status).toBe(200);
  // DNS names are case-blind, and a fully qualified name ends in a dot
  expect((await ask('LINKS.tls-ok.test.')).status).toBe(200);
  for (const name of ['links.tls-pending.test', 'unknown.example.com', ' ', 'linkhop.test']) {
    const res = await ask(name);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  }
  expect((await t.api('GET', '/tls/ask')).status).toBe(400);
});

test('a removed domain stops getting certificates at once', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const domain = await addDomain(ws, 'gone.tls-ok.test');
  dns.zone.set(domain.txt_name, { txt: [[domain.txt_record]] });
  await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${domain.id}/verify`, { key: ws.key });
  expect((await ask('gone.tls-ok.test')).status).toBe(200);
  expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/domains/${domain.id}`, { key: ws.key })).status).toBe(200);
  expect((await ask('gone.tls-ok.test')).status).toBe(404);
});

test('asked by the service address (as Caddy reaches it in compose), not only by the site host; other /api paths stay site-only', async () => {
  const { port } = new URL(base);
  const byAddress = await fetch(`http://127.0.0.1:${port}/api/tls/ask?domain=${DEFAULT_DOMAIN}`);
  expect(byAddress.status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/api/tls/ask?domain=nobody.example.com`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).status).toBe(404);
});

test('a flood of invented names is rate limited per asking address', async () => {
  const { port } = new URL(base);
  const statuses: number[] = [];
  for (let i = 0; i < 130; i++) statuses.push((await fetch(`http://127.0.0.1:${port}/api/tls/ask?domain=n${i}.flood.test`)).status);
  expect(statuses.filter((s) => s === 404).length).toBeGreaterThan(0);
  expect(statuses.at(-1)).toBe(429);
});
