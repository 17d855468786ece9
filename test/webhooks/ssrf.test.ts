import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { isForbiddenAddress, resolveOutboundTarget } from '../../core/outbound';
import { webhooks } from '../../app/schema';
import { startTestApp, type TestApp } from '../helpers/app';

// WEBHOOK_ALLOW_PRIVATE is off here (the default)
let t: TestApp;
let ws: { key: string; workspaceId: string };
beforeAll(async () => {
  t = await startTestApp();
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
  ws = await t.bootstrap({ plan: 'agency' });
});
afterAll(() => t.close());

describe('isForbiddenAddress', () => {
  test.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.10',
    '198.18.0.1',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2002:a00:1::',
    '2001:db8::1',
    '2001::1',
    '100::1',
    'not-an-ip',
    '1.2.3',
    '1:2:3',
  ])('refuses %s', (ip) => expect(isForbiddenAddress(ip)).toBe(true));

  test.each([
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows %s', (ip) => expect(isForbiddenAddress(ip)).toBe(false));
});

describe('create refuses every private or internal address form with 400', () => {
  test.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['localhost by name', 'https://localhost/hook'],
    ['localhost with trailing dot and capitals', 'https://LOCALHOST./hook'],
    ['decimal IPv4', 'https://2130706433/hook'],
    ['hex IPv4', 'https://0x7f000001/hook'],
    ['octal IPv4', 'https://0177.0.0.1/hook'],
    ['short IPv4', 'https://127.1/hook'],
    ['zero address', 'https://0/hook'],
    ['10/8', 'https://10.1.2.3/hook'],
    ['172.16/12', 'https://172.20.0.1/hook'],
    ['192.168/16', 'https://192.168.0.10/hook'],
    ['CGNAT', 'https://100.64.1.1/hook'],
    ['metadata', 'https://169.254.169.254/latest/meta-data'],
    ['broadcast', 'https://255.255.255.255/hook'],
    ['multicast', 'https://224.0.0.251/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['IPv6 unspecified', 'https://[::]/hook'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped IPv6, hex form', 'https://[0:0:0:0:0:ffff:7f00:1]/hook'],
    ['IPv4-compatible IPv6', 'https://[::127.0.0.1]/hook'],
    ['ULA', 'https://[fd00::1]/hook'],
    ['IPv6 link-local', 'https://[fe80::1]/hook'],
    ['NAT64 of loopback', 'https://[64:ff9b::127.0.0.1]/hook'],
    ['6to4 of a private address', 'https://[2002:c0a8:1::1]/hook'],
    ['non-default port on loopback', 'https://127.0.0.1:8443/hook'],
  ])('%s (%s)', async (_label, url) => {
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, { key: ws.key, body: { name: 'x', url, events: ['link.created'] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/private or internal address|could not be resolved/);
  });

  test('a public address is accepted (the guard refuses only what it must)', async () => {
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, {
      key: ws.key,
      body: { name: 'x', url: 'https://93.184.216.34/hook', events: ['link.created'] },
    });
    expect(res.status).toBe(201);
    // PATCH to a private address is refused the same way
    const patch = await t.api('PATCH', `/workspaces/${ws.workspaceId}/webhooks/${res.body.id}`, { key: ws.key, body: { url: 'https://[::1]/x' } });
    expect(patch.status).toBe(400);
    expect(patch.body.error).toContain('private or internal address');
  });

  test('credentials in the URL and unresolvable hosts are refused', async () => {
    const creds = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, {
      key: ws.key,
      body: { name: 'x', url: 'https://user:pw@93.184.216.34/', events: ['link.created'] },
    });
    expect(creds.status).toBe(400);
    const nx = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, {
      key: ws.key,
      body: { name: 'x', url: 'https://no-such-host.invalid/', events: ['link.created'] },
    });
    expect(nx.status).toBe(400);
    expect(nx.body.error).toContain('could not be resolved');
  });

  test('the refusal of a name never tells what it resolves to', async () => {
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, {
      key: ws.key,
      body: { name: 'x', url: 'https://localhost:8443/hook', events: ['link.created'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid URL: localhost resolves to a private or internal address');
    const monitored = await resolveOutboundTarget('http://localhost/', { protocols: ['http:', 'https:'], maxLength: 4096, allowPrivate: false }).catch(
      (e: Error) => e.message,
    );
    expect(monitored).toBe('Invalid URL: localhost resolves to a private or internal address');
  });

  test('WEBHOOK_ALLOW_PRIVATE lifts only the address check, never the HTTPS rule', async () => {
    const policy = { protocols: ['https:'], maxLength: 2048, allowPrivate: true };
    expect((await resolveOutboundTarget('https://127.1/x', policy)).address).toBe('127.0.0.1');
    expect(await resolveOutboundTarget('http://127.0.0.1/x', policy).catch((e) => e.message)).toContain('HTTPS');
    expect(await resolveOutboundTarget(`https://127.0.0.1/${'a'.repeat(2048)}`, policy).catch((e) => e.message)).toContain('2048');
  });
});

test('every delivery checks the address again: a URL that turned private is refused before connecting', async () => {
  const created = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, {
    key: ws.key,
    body: { name: 'x', url: 'https://93.184.216.34/hook', events: ['link.created'] },
  });
  expect(created.status).toBe(201);
  // as if its DNS name pointed at a private address now
  await t.deps.db.update(webhooks).set({ url: 'https://127.0.0.1:9/hook' }).where(eq(webhooks.id, created.body.id));
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks/${created.body.id}/test`, { key: ws.key });
  expect(res.body).toMatchObject({ status_code: null, success: false });
  expect(res.body.error).toBe('Invalid URL: 127.0.0.1 is a private or internal address');
  await t.deps.bus.emit('link.created', {
    workspaceId: ws.workspaceId,
    data: { id: 'l', domain: 'd', slug: 's', target: 'https://e.com', title: null, short_url: 'x' },
  });
  await t.deps.queue.idle();
  const log = await t.api('GET', `/workspaces/${ws.workspaceId}/webhooks/${created.body.id}/deliveries`, { key: ws.key });
  expect(log.body.deliveries.map((d: any) => [d.event_type, d.success, d.error])).toEqual([
    ['link.created', false, res.body.error],
    ['webhook.test', false, res.body.error],
  ]);
});
