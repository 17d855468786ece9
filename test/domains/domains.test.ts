import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { EventMap } from '../../core/hooks';
import { DEFAULT_DOMAIN, startTestApp, type TestApp } from '../helpers/app';
import { HookBus } from '../../core/hooks';
import { domainLinks, removeDomain, verifyDomain, type DomainLinks } from '../../modules/domains/service';
import { countDomainLinks } from '../../modules/links/queries';
import { deleteDomainLinks } from '../../modules/links/delete';
import { startDnsServer } from './dns-server';

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
const events: { name: keyof EventMap; payload: any }[] = [];

beforeAll(async () => {
  dns = await startDnsServer();
  t = await startTestApp({ env: { DNS_SERVERS: dns.address, CNAME_TARGET: 'cname.linkhop.test' } });
  for (const name of ['domain.added', 'domain.verified', 'domain.removed'] as const) t.deps.bus.on(name, (payload) => void events.push({ name, payload }));
});
afterAll(async () => {
  await t.close();
  dns.close();
});

let seq = 0;
/** a fresh hostname per test: domains are globally unique and rate limits are per domain */
const host = (label: string) => `${label}-${++seq}-${Date.now().toString(36)}.example.com`;

async function addDomain(ws: { workspaceId: string; key: string }, domain: string) {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain } });
  expect(res.status).toBe(201);
  return res.body as { id: string; domain: string; verified: boolean; txt_name: string; txt_record: string; cname_target: string };
}

async function auditOf(ws: { workspaceId: string; key: string }, action: string) {
  const res = await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=${action}&limit=100`, { key: ws.key });
  expect(res.status).toBe(200);
  return (res.body.entries as { details: string; user_id: string }[]).map((e) => ({ ...e, details: JSON.parse(e.details) }));
}

async function eventsOf(name: keyof EventMap, id: string) {
  await t.deps.bus.settle();
  return events.filter((e) => e.name === name && e.payload.data.id === id);
}

describe('add', () => {
  test('201 with the TXT record and CNAME target; event domain.added; audit domain.add', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const domain = host('add');
    const created = await addDomain(ws, domain);
    expect(Object.keys(created).sort()).toEqual(['cname_target', 'domain', 'id', 'txt_name', 'txt_record', 'verified']);
    expect(created.domain).toBe(domain);
    expect(created.verified).toBe(false);
    expect(created.txt_name).toBe(`_linkhop.${domain}`);
    expect(created.txt_record).toMatch(/^linkhop-verify=[0-9a-f]{32}$/);
    expect(created.cname_target).toBe('cname.linkhop.test');

    const [event] = await eventsOf('domain.added', created.id);
    expect(event.payload).toEqual({ workspaceId: ws.workspaceId, userId: expect.any(String), data: { id: created.id, domain } });
    const audit = await auditOf(ws, 'domain.add');
    expect(audit.map((a) => a.details)).toEqual([{ id: created.id, domain }]);
  });

  test.each([
    ['uppercase letters', 'Links.Example.com'],
    ['a scheme', 'https://links.example.com'],
    ['a port', 'links.example.com:8080'],
    ['a path', 'links.example.com/go'],
    ['no dot', 'localhost'],
    ['an IPv4 address', '192.168.1.10'],
    ['an IPv6 address', '[::1]'],
    ['a trailing dot', 'links.example.com.'],
    ['an empty label', 'links..example.com'],
    ['a label starting with a hyphen', '-links.example.com'],
    ['a label ending with a hyphen', 'links-.example.com'],
    ['an underscore', 'my_links.example.com'],
    ['whitespace', ' links.example.com'],
    ['a label over 63 characters', `${'a'.repeat(64)}.example.com`],
    ['the default short domain', DEFAULT_DOMAIN],
    ['the site host', 'linkhop.test'],
    ['the CNAME target', 'cname.linkhop.test'],
    ['an empty string', ''],
  ])('400 for a domain with %s', async (_why, domain) => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });

  test.each([
    ['a missing domain', {}],
    ['a non-string domain', { domain: 42 }],
  ])('400 for %s', async (_why, body) => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });

  test('accepts punycode and deep subdomains', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    await addDomain(ws, `xn--bcher-kva-${++seq}.example`);
    await addDomain(ws, `a.b.c.${host('deep')}`);
  });

  test('402 past the plan domain limit (free plan: 1)', async () => {
    const ws = await t.bootstrap({ plan: 'free' });
    await addDomain(ws, host('first'));
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain: host('second') } });
    expect(res.status).toBe(402);
    expect(res.body.error).toContain('Domain limit');
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key })).body.domains).toHaveLength(1);
  });

  test('409 when the domain is registered in any workspace, also under concurrent adds', async () => {
    const a = await t.bootstrap({ plan: 'pro' });
    const b = await t.bootstrap({ plan: 'pro' });
    const taken = host('taken');
    await addDomain(a, taken);
    for (const ws of [a, b]) {
      const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain: taken } });
      expect(res.status).toBe(409);
      expect(res.body.error).toContain('already registered');
    }

    const raced = host('race');
    const results = await Promise.all([a, b].map((ws) => t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain: raced } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  test('admin role required: 403 for an editor key, viewers may list', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const editor = (await t.api('POST', `/workspaces/${ws.workspaceId}/api-keys`, { key: ws.key, body: { role: 'editor' } })).body.key;
    const viewer = (await t.api('POST', `/workspaces/${ws.workspaceId}/api-keys`, { key: ws.key, body: { role: 'viewer' } })).body.key;
    const created = await addDomain(ws, host('roles'));
    expect((await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: editor, body: { domain: host('editor') } })).status).toBe(403);
    expect((await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${created.id}/verify`, { key: editor })).status).toBe(403);
    expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/domains/${created.id}`, { key: editor })).status).toBe(403);
    const list = await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: viewer });
    expect(list.status).toBe(200);
    expect(list.body.domains).toHaveLength(1);
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/domains/${created.id}/link-count`, { key: viewer })).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/domains`)).status).toBe(401);
  });
});

test('list: every field, verified as the integer 1/0 (as the spec has it in lists), only the own workspace, and the default domain', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const other = await t.bootstrap({ plan: 'pro' });
  await addDomain(other, host('other'));
  const plain = await addDomain(ws, host('plain'));
  const good = await addDomain(ws, host('good'));
  dns.zone.set(good.txt_name, { txt: [[good.txt_record]] });
  expect((await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${good.id}/verify`, { key: ws.key })).body.verified).toBe(true);

  const res = await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key });
  expect(res.status).toBe(200);
  expect(res.body.domains).toHaveLength(2);
  // the built-in short domain comes along: a client offering domains to choose needs its name
  expect(res.body.default_domain).toBe(t.config.defaultDomain);
  // and the CNAME target: a client listing domains shows the records to set without adding again
  expect(res.body.cname_target).toBe('cname.linkhop.test');
  const byId = new Map<string, any>(res.body.domains.map((d: any) => [d.id, d]));
  expect(byId.get(plain.id)).toEqual({
    id: plain.id,
    workspace_id: ws.workspaceId,
    domain: plain.domain,
    verified: 0,
    txt_name: `_linkhop.${plain.domain}`,
    txt_record: plain.txt_record,
    created_at: expect.any(String),
  });
  expect(byId.get(good.id).verified).toBe(1);
  expect(new Date(byId.get(plain.id).created_at).toISOString()).toBe(byId.get(plain.id).created_at);
});

describe('verify', () => {
  test('a subdomain CNAMEd to us, TXT at _linkhop.<domain>: verified, event domain.verified, audit domain.verify; CNAME reported', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const created = await addDomain(ws, host('ok'));
    // the domain can carry nothing but its CNAME (in another case and fully qualified); the TXT,
    // among other TXT records, sits at a name of its own
    dns.zone.set(created.domain, { cname: 'CNAME.linkhop.test.' });
    dns.zone.set(`_linkhop.${created.domain}`, { txt: [['v=spf1 -all'], [created.txt_record], ['google-site-verification=x']] });

    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${created.id}/verify`, { key: ws.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verified: true, txt_verified: true, cname_verified: true });
    expect(dns.queries.some((q) => q.name === `_linkhop.${created.domain}`)).toBe(true);

    const [event, ...more] = await eventsOf('domain.verified', created.id);
    expect(more).toHaveLength(0);
    expect(event.payload.data).toEqual({ id: created.id, domain: created.domain });
    const audit = (await auditOf(ws, 'domain.verify')).map((a) => a.details);
    expect(audit).toEqual([{ id: created.id, domain: created.domain, result: 'verified', txt_verified: true, cname_verified: true }]);
  });

  test('a verified domain stays verified; domain.verified fires only on the transition', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const created = await addDomain(ws, host('again'));
    dns.zone.set(created.domain, { txt: [[created.txt_record]] });
    // the service without the 10 s limit, so that the test need not wait for it
    const unlimited = { ...t.deps, limiter: { consume: async () => {}, check: async () => {} } };
    const caller = { workspaceId: ws.workspaceId, userId: (await auditOf(ws, 'domain.add'))[0].user_id };
    expect(await verifyDomain(unlimited, caller, created.id)).toEqual({ verified: true, txt_verified: true, cname_verified: false });
    dns.zone.delete(created.domain);
    expect(await verifyDomain(unlimited, caller, created.id)).toEqual({ verified: true, txt_verified: false, cname_verified: false });
    expect(await eventsOf('domain.verified', created.id)).toHaveLength(1);
    // newest first: each attempt's own finding
    expect((await auditOf(ws, 'domain.verify')).map((a) => a.details.result)).toEqual(['record_absent', 'verified']);
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key })).body.domains[0].verified).toBe(1);
  });

  test('TXT with a wrong token and a CNAME elsewhere: not verified', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const created = await addDomain(ws, host('wrong'));
    dns.zone.set(created.domain, { cname: 'elsewhere.example.net' });
    dns.zone.set(created.txt_name, { txt: [['linkhop-verify=not-the-token'], ['v=spf1 -all']] });
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${created.id}/verify`, { key: ws.key });
    expect(res.status).toBe(200);
    // what the resolver saw comes back, so that the owner sees which record is wrong
    expect(res.body).toEqual({
      verified: false,
      txt_verified: false,
      cname_verified: false,
      txt_name: created.txt_name,
      expected_txt: created.txt_record,
      cname_target: 'cname.linkhop.test',
      dns_answers: [
        { type: 'TXT', name: created.txt_name, records: ['linkhop-verify=not-the-token', 'v=spf1 -all'] },
        { type: 'TXT', name: created.domain, records: [] },
        { type: 'CNAME', name: created.domain, records: ['elsewhere.example.net'] },
      ],
    });
  });

  test('an apex domain (no CNAME) may keep the TXT record at the domain itself', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const created = await addDomain(ws, host('apex'));
    dns.zone.set(created.domain, { txt: [[created.txt_record]] });
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${created.id}/verify`, { key: ws.key });
    expect(res.body).toEqual({ verified: true, txt_verified: true, cname_verified: false });
  });

  test.each([
    ['NXDOMAIN', undefined],
    ['NODATA', { cname: 'cname.linkhop.test' }],
  ])('record absent (%s): 200 not verified with expected_txt; audited, no event', async (_kind, entry) => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const created = await addDomain(ws, host('absent'));
    if (entry) dns.zone.set(created.domain, entry);
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${created.id}/verify`, { key: ws.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      verified: false,
      txt_verified: false,
      cname_verified: entry !== undefined,
      txt_name: `_linkhop.${created.domain}`,
      expected_txt: created.txt_record,
      cname_target: 'cname.linkhop.test',
      // an absent record is an empty answer (Bun's resolver does not tell NXDOMAIN from NODATA)
      dns_answers: [
        { type: 'TXT', name: `_linkhop.${created.domain}`, records: [] },
        { type: 'TXT', name: created.domain, records: [] },
        { type: 'CNAME', name: created.domain, records: entry ? ['cname.linkhop.test'] : [] },
      ],
    });
    expect(await eventsOf('domain.verified', created.id)).toHaveLength(0);
    const audit = (await auditOf(ws, 'domain.verify')).map((a) => a.details);
    expect(audit).toEqual([{ id: created.id, domain: created.domain, result: 'record_absent', txt_verified: false, cname_verified: entry !== undefined }]);
    const list = await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key });
    expect(list.body.domains[0].verified).toBe(0);
  });

  test('server answers SERVFAIL: 502, domain stays unverified, attempt audited', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const created = await addDomain(ws, host('servfail'));
    dns.zone.set(created.domain, { servfail: true });
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${created.id}/verify`, { key: ws.key });
    expect(res.status).toBe(502);
    expect(res.body.error).toContain('DNS lookup failed');
    const audit = (await auditOf(ws, 'domain.verify')).map((a) => a.details);
    expect(audit).toEqual([{ id: created.id, domain: created.domain, result: 'lookup_failed', error: expect.stringContaining('DNS lookup failed') }]);
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key })).body.domains[0].verified).toBe(0);
  });

  test('429 with Retry-After on a second attempt within 10 s; other domains unaffected', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const first = await addDomain(ws, host('rate-a'));
    const second = await addDomain(ws, host('rate-b'));
    expect((await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${first.id}/verify`, { key: ws.key })).status).toBe(200);
    const limited = await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${first.id}/verify`, { key: ws.key });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect((await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${second.id}/verify`, { key: ws.key })).status).toBe(200);
    // a rate-limited request is not a verification attempt
    expect(await auditOf(ws, 'domain.verify')).toHaveLength(2);
  });

  test("404 for an unknown domain and for another workspace's domain", async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const other = await t.bootstrap({ plan: 'pro' });
    const foreign = await addDomain(other, host('foreign'));
    for (const id of ['no-such-domain', foreign.id]) {
      const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${id}/verify`, { key: ws.key });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Domain not found');
      expect((await t.api('GET', `/workspaces/${ws.workspaceId}/domains/${id}/link-count`, { key: ws.key })).status).toBe(404);
      expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/domains/${id}`, { key: ws.key })).status).toBe(404);
    }
    // the foreign domain is untouched
    expect((await t.api('GET', `/workspaces/${other.workspaceId}/domains`, { key: other.key })).body.domains).toHaveLength(1);
  });
});

describe('link count and delete', () => {
  test('delete: 200, gone from the list, event domain.removed, audit domain.remove; the host can be added again', async () => {
    const ws = await t.bootstrap({ plan: 'free' });
    const created = await addDomain(ws, host('del'));
    const res = await t.api('DELETE', `/workspaces/${ws.workspaceId}/domains/${created.id}`, { key: ws.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key })).body.domains).toEqual([]);
    const [event] = await eventsOf('domain.removed', created.id);
    expect(event.payload.data).toEqual({ id: created.id, domain: created.domain, links_deleted: 0 });
    expect((await auditOf(ws, 'domain.remove')).map((a) => a.details)).toEqual([{ id: created.id, domain: created.domain, links_deleted: 0 }]);
    expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/domains/${created.id}`, { key: ws.key })).status).toBe(404);
    // the free plan's single slot is free again
    await addDomain(ws, created.domain);
  });

  test('link-count counts the links on the domain; delete removes exactly those links in the same step', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const doomed = await addDomain(ws, host('doomed'));
    const kept = await addDomain(ws, host('kept'));
    const createLink = async (body: Record<string, unknown>) => {
      const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.org/page', ...body } });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const onDoomed = [await createLink({ domain: doomed.domain, slug: 'one' }), await createLink({ domain: doomed.domain, slug: 'two' })];
    const survivors = [await createLink({ domain: kept.domain, slug: 'one' }), await createLink({})];

    const count = (id: string) => t.api('GET', `/workspaces/${ws.workspaceId}/domains/${id}/link-count`, { key: ws.key });
    expect((await count(doomed.id)).body).toEqual({ count: 2 });
    expect((await count(kept.id)).body).toEqual({ count: 1 });

    expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/domains/${doomed.id}`, { key: ws.key })).status).toBe(200);
    const [event] = await eventsOf('domain.removed', doomed.id);
    expect(event.payload.data).toEqual({ id: doomed.id, domain: doomed.domain, links_deleted: 2 });
    expect((await auditOf(ws, 'domain.remove'))[0].details).toEqual({ id: doomed.id, domain: doomed.domain, links_deleted: 2 });
    for (const id of onDoomed) expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links/${id}`, { key: ws.key })).status).toBe(404);
    for (const id of survivors) expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links/${id}`, { key: ws.key })).status).toBe(200);
    expect((await count(kept.id)).body).toEqual({ count: 1 });
  });

  test('one transaction: when removing the links fails, the domain stays and nothing is audited or emitted', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const created = await addDomain(ws, host('rollback'));
    const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, {
      key: ws.key,
      body: { target: 'https://example.org/', domain: created.domain, slug: 'stays' },
    });
    expect(link.status).toBe(201);
    // the links are deleted inside the transaction, then the removal fails
    const failing: DomainLinks = {
      count: countDomainLinks,
      async remove(db, workspaceId, domain) {
        await deleteDomainLinks(db, workspaceId, domain);
        throw new Error('links could not be deleted');
      },
    };
    // given to a copy of the deps with a bus of its own: the app's keeps the links module's own
    const deps = { ...t.deps, bus: new HookBus() };
    domainLinks.give(deps, failing);
    // awaited, not `expect(…).rejects`: with that the embedded database (PGlite) hung on its next query
    const failure = await removeDomain(deps, { workspaceId: ws.workspaceId, userId: ws.userId }, created.id).then(
      () => null,
      (error: Error) => error,
    );
    expect(failure?.message).toBe('links could not be deleted');
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key })).body.domains.map((d: any) => d.id)).toEqual([created.id]);
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links/${link.body.id}`, { key: ws.key })).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/domains/${created.id}/link-count`, { key: ws.key })).body).toEqual({ count: 1 });
    expect(await auditOf(ws, 'domain.remove')).toHaveLength(0);
    expect(await eventsOf('domain.removed', created.id)).toHaveLength(0);
  });
});

test('a custom domain serves its links by Host only once verified, and nothing after deletion', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const created = await addDomain(ws, host('serve'));
  const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, {
    key: ws.key,
    body: { target: 'https://example.org/landing', domain: created.domain, slug: 'promo' },
  });
  expect(link.status).toBe(201);

  expect((await t.request('/promo', { host: created.domain })).status).toBe(404);
  dns.zone.set(created.domain, { txt: [[created.txt_record]] });
  expect((await t.api('POST', `/workspaces/${ws.workspaceId}/domains/${created.id}/verify`, { key: ws.key })).body.verified).toBe(true);
  await t.deps.bus.settle();

  const served = await t.request('/promo', { host: created.domain });
  expect(served.status).toBe(302);
  expect(served.headers.get('location')).toBe('https://example.org/landing');
  expect((await t.request('/other', { host: created.domain })).status).toBe(404);
  // the slug lives on the custom domain only
  expect((await t.request('/promo')).status).toBe(404);

  expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/domains/${created.id}`, { key: ws.key })).status).toBe(200);
  await t.deps.bus.settle();
  expect((await t.request('/promo', { host: created.domain })).status).toBe(404);
});
