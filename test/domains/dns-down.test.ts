import { afterAll, beforeAll, expect, test } from 'bun:test';
import { LIMITS } from '../../core/plans';
import { startTestApp, type TestApp } from '../helpers/app';
import { startSilentDnsServer } from './dns-server';

// its own app: DNS_SERVERS names a server that receives queries and never answers
let t: TestApp;
let dns: Awaited<ReturnType<typeof startSilentDnsServer>>;
beforeAll(async () => {
  dns = await startSilentDnsServer();
  t = await startTestApp({ env: { DNS_SERVERS: dns.address } });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

test('a DNS server that never answers: 502 within our deadline, attempt audited, domain unverified', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const created = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain: 'quiet.example.com' } });
  expect(created.status).toBe(201);

  const started = Date.now();
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${created.body.id}/verify`, { key: ws.key });
  const elapsed = Date.now() - started;
  expect(res.status).toBe(502);
  expect(res.body.error).toContain('DNS lookup failed');
  expect(dns.received()).toBeGreaterThan(0);
  expect(elapsed).toBeLessThan(LIMITS.dnsTimeoutMs + 1500);

  const audit = await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=domain.verify`, { key: ws.key });
  expect(audit.body.entries).toHaveLength(1);
  expect(JSON.parse(audit.body.entries[0].details)).toMatchObject({ id: created.body.id, result: 'lookup_failed' });
  const list = await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key });
  expect(list.body.domains[0].verified).toBe(0);
}, 15_000);
