import { afterAll, beforeAll, expect, test } from 'bun:test';
import { WEBHOOK_EVENT_TYPES } from '../../core/hooks';
import { startDnsServer } from '../domains/dns-server';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';

// Every event type fires from the module that owns it, driven through the real API.
let t: TestApp;
let certs: TestCerts;
let rx: HttpsReceiver;
let dns: Awaited<ReturnType<typeof startDnsServer>>;

beforeAll(async () => {
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  dns = await startDnsServer();
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', DNS_SERVERS: dns.address }, config: { webhookCaFile: certs.caFile } });
  // with REDIS_URL jobs (webhooks, mail, clicks) run on BullMQ: consume them all here, as the workers would
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
});
afterAll(async () => {
  await t.close();
  rx.close();
  dns.close();
  certs.remove();
});

test('link, domain and member events reach a subscribed webhook with the spec data', async () => {
  const ws = await t.bootstrap({ plan: 'agency' });
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
  const hook = await api('POST', '/webhooks', { name: 'all', url: `${rx.origin}/all`, events: WEBHOOK_EVENT_TYPES.filter((e) => e !== 'webhook.test') });
  expect(hook.status).toBe(201);

  const domain = await api('POST', '/domains', { domain: 'links.example.com' });
  expect(domain.status).toBe(201);
  dns.zone.set('links.example.com', { txt: [[domain.body.txt_record]] });
  expect((await api('POST', `/domains/${domain.body.id}/verify`)).body.verified).toBe(true);

  const link = await api('POST', '/links', { domain: 'links.example.com', slug: 'launch', target: 'https://example.com/a', title: 'Launch' });
  expect(link.status).toBe(201);
  expect((await api('PATCH', `/links/${link.body.id}`, { target: 'https://example.com/b', title: 'Relaunch' })).status).toBe(200);
  const expiring = await api('POST', '/links', { target: 'https://example.com/soon', expires_at: new Date(Date.now() + 1500).toISOString() });
  expect(expiring.status).toBe(201);
  const bulk = await api('POST', '/links/bulk', { links: [{ target: 'https://example.com/1' }, { target: 'https://example.com/2' }] });
  expect(bulk.status).toBe(201);
  expect((await api('DELETE', '/links/bulk', { ids: bulk.body.created.map((l: any) => l.id) })).body.deleted).toBe(2);
  expect((await api('DELETE', `/links/${link.body.id}`)).status).toBe(200);

  const invite = await api('POST', '/invites', { email: 'new.member@example.com', role: 'viewer' });
  expect(invite.status).toBe(201);
  const accepted = await t.api('POST', `/invites/${invite.body.token}/accept`, { body: {} });
  expect(accepted.status).toBe(200);
  const memberId = accepted.body.user_id;
  expect((await api('PATCH', `/members/${memberId}`, { role: 'editor' })).status).toBe(200);
  expect((await api('DELETE', `/members/${memberId}`)).status).toBe(200);

  await Bun.sleep(Math.max(0, new Date(expiring.body.expires_at).getTime() - Date.now() + 100));
  expect((await t.request(`/${expiring.body.slug}`)).status).toBe(410);
  expect((await t.request(`/${expiring.body.slug}`)).status).toBe(410); // fires once
  expect((await api('DELETE', `/domains/${domain.body.id}`)).status).toBe(200);

  const expected = [
    'domain.added',
    'domain.verified',
    'link.created',
    'link.updated',
    'link.created',
    'link.created',
    'link.created',
    'link.deleted',
    'link.deleted',
    'link.deleted',
    'member.added',
    'member.role_changed',
    'member.removed',
    'link.expired',
    'domain.removed',
  ];
  await t.deps.bus.settle();
  await t.deps.queue.idle();
  await rx.waitFor(expected.length);
  await Bun.sleep(200); // nothing more should arrive
  const events = rx.received.filter((r) => r.path === '/all').map((r) => JSON.parse(r.body));
  expect(events.map((e) => e.type).sort()).toEqual([...expected].sort());
  for (const e of events) expect(e.workspace_id).toBe(ws.workspaceId);
  const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data);

  expect(of('link.created')).toContainEqual({
    id: link.body.id,
    domain: 'links.example.com',
    slug: 'launch',
    target: 'https://example.com/a',
    title: 'Launch',
    short_url: link.body.short_url,
  });
  for (const data of of('link.created')) expect(Object.keys(data).sort()).toEqual(['domain', 'id', 'short_url', 'slug', 'target', 'title']);
  expect(of('link.updated')).toEqual([{ id: link.body.id, changes: { target: 'https://example.com/b', title: 'Relaunch' } }]);
  expect(
    of('link.deleted')
      .map((d) => d.id)
      .sort(),
  ).toEqual([link.body.id, ...bulk.body.created.map((l: any) => l.id)].sort());
  expect(of('link.expired')[0]).toMatchObject({ id: expiring.body.id, slug: expiring.body.slug });
  expect(of('domain.added')).toEqual([{ id: domain.body.id, domain: 'links.example.com' }]);
  expect(of('domain.verified')).toEqual([{ id: domain.body.id, domain: 'links.example.com' }]);
  expect(of('domain.removed')[0]).toMatchObject({ id: domain.body.id, domain: 'links.example.com' });
  expect(of('member.added')).toEqual([{ user_id: memberId, email: 'new.member@example.com', role: 'viewer' }]);
  expect(of('member.role_changed')).toEqual([{ user_id: memberId, old_role: 'viewer', new_role: 'editor' }]);
  expect(of('member.removed')).toEqual([{ user_id: memberId, email: 'new.member@example.com' }]);
}, 30_000);
