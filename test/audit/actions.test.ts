import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { startDnsServer } from '../domains/dns-server';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

// Audit completeness: every audit action of the spec is recorded by the module that owns it,
// with the acting user and details saying what changed, and reads back through GET /audit-log
// with its filters. Actions are done by a second owner so user_id tells actors apart.
let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let ws: { workspaceId: string; key: string; userId: string };
let actor: { userId: string; key: string };

beforeAll(async () => {
  dns = await startDnsServer();
  t = await startTestApp({ env: { DNS_SERVERS: dns.address } });
  ws = await t.bootstrap({ plan: 'agency' });
  actor = await memberWithKey(t, ws.workspaceId, 'owner', 'agency');
});
afterAll(async () => {
  await t.close();
  dns.close();
});

const api = (method: string, path: string, body?: unknown, key = actor.key) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key, body });
const auditLog = (query: string, wsId = ws.workspaceId) => t.api('GET', `/workspaces/${wsId}/audit-log?${query}`, { key: ws.key });

/**
 * Reads the newest entry of `action` back with every filter: action + user_id + from finds it
 * (details as expected), `to` before it and another user_id exclude it, limit/page walk to it.
 */
async function expectRecorded(action: string, since: string, userId: string, details: Record<string, unknown>, wsId = ws.workspaceId) {
  const found = await auditLog(`action=${action}&user_id=${userId}&from=${since}`, wsId);
  expect(found.status).toBe(200);
  expect(found.body.total).toBe(1);
  const [entry] = found.body.entries;
  expect(entry).toMatchObject({ action, user_id: userId, workspace_id: wsId });
  expect(Number.isInteger(entry.id)).toBe(true);
  expect(new Date(entry.created_at).getTime()).toBeGreaterThanOrEqual(new Date(since).getTime());
  expect(JSON.parse(entry.details)).toMatchObject(details);

  const before = new Date(new Date(since).getTime() - 1).toISOString();
  expect((await auditLog(`action=${action}&to=${before}`, wsId)).body.entries.map((e: any) => e.id)).not.toContain(entry.id);
  expect((await auditLog(`action=${action}&user_id=${ws.userId === userId ? actor.userId : ws.userId}&from=${since}`, wsId)).body.total).toBe(0);
  const first = await auditLog(`action=${action}&limit=1&page=1`, wsId);
  expect(first.body).toMatchObject({ page: 1, limit: 1 });
  expect(first.body.entries.map((e: any) => e.id)).toEqual([entry.id]);
  return entry;
}

const now = () => new Date(Date.now() - 1).toISOString();

describe('every spec audit action', () => {
  let keyId: string;
  let domainId: string;
  let linkId: string;
  let invite: { id: string; token: string };
  let member: { userId: string; email: string };
  let clientId: string;

  test('api_key.create', async () => {
    const since = now();
    const res = await api('POST', '/api-keys', { name: 'ci', role: 'editor' });
    expect(res.status).toBe(201);
    keyId = res.body.id;
    await expectRecorded('api_key.create', since, actor.userId, { id: keyId, name: 'ci', role: 'editor' });
  });

  test('api_key.delete', async () => {
    const since = now();
    expect((await api('DELETE', `/api-keys/${keyId}`)).status).toBe(200);
    await expectRecorded('api_key.delete', since, actor.userId, { id: keyId, name: 'ci' });
  });

  test('workspace.update', async () => {
    const since = now();
    expect((await api('PATCH', '', { name: 'Renamed', ga_api_secret: 's3cret' })).status).toBe(200);
    const entry = await expectRecorded('workspace.update', since, actor.userId, { changes: { name: 'Renamed', ga_api_secret: '[redacted]' } });
    expect(entry.details).not.toContain('s3cret');
  });

  test('domain.add', async () => {
    const since = now();
    const res = await api('POST', '/domains', { domain: 'audit.example.com' });
    expect(res.status).toBe(201);
    domainId = res.body.id;
    dns.zone.set('audit.example.com', { txt: [[res.body.txt_record]] });
    await expectRecorded('domain.add', since, actor.userId, { id: domainId, domain: 'audit.example.com' });
  });

  test('domain.verify', async () => {
    const since = now();
    expect((await api('POST', `/domains/${domainId}/verify`)).body.verified).toBe(true);
    await expectRecorded('domain.verify', since, actor.userId, { id: domainId, domain: 'audit.example.com', result: 'verified' });
  });

  test('link.create', async () => {
    const since = now();
    const res = await api('POST', '/links', { domain: 'audit.example.com', slug: 'audited', target: 'https://example.com/one' });
    expect(res.status).toBe(201);
    linkId = res.body.id;
    await expectRecorded('link.create', since, actor.userId, { id: linkId, domain: 'audit.example.com', slug: 'audited', target: 'https://example.com/one' });
  });

  test('link.update', async () => {
    const since = now();
    expect((await api('PATCH', `/links/${linkId}`, { target: 'https://example.com/two' })).status).toBe(200);
    await expectRecorded('link.update', since, actor.userId, { id: linkId, changes: { target: 'https://example.com/two' } });
  });

  test('link.delete', async () => {
    const since = now();
    expect((await api('DELETE', `/links/${linkId}`)).status).toBe(200);
    await expectRecorded('link.delete', since, actor.userId, { id: linkId, domain: 'audit.example.com', slug: 'audited' });
  });

  test('link.bulk_delete', async () => {
    const created = await api('POST', '/links/bulk', { links: [{ target: 'https://example.com/a' }, { target: 'https://example.com/b' }] });
    expect(created.status).toBe(201);
    const ids = created.body.created.map((l: any) => l.id);
    const since = now();
    expect((await api('DELETE', '/links/bulk', { ids })).body.deleted).toBe(2);
    const entry = await expectRecorded('link.bulk_delete', since, actor.userId, { count: 2 });
    expect(JSON.parse(entry.details).ids.sort()).toEqual([...ids].sort());
  });

  test('invite.create', async () => {
    const since = now();
    const res = await api('POST', '/invites', { email: 'joiner@example.com', role: 'viewer' });
    expect(res.status).toBe(201);
    invite = { id: res.body.id, token: res.body.token };
    await expectRecorded('invite.create', since, actor.userId, { id: invite.id, email: 'joiner@example.com', role: 'viewer' });
  });

  test('invite.accept (the accepting user is the actor)', async () => {
    const since = now();
    const accepted = await t.api('POST', `/invites/${invite.token}/accept`, { body: { name: 'Joiner' } });
    expect(accepted.status).toBe(200);
    member = { userId: accepted.body.user_id, email: 'joiner@example.com' };
    await expectRecorded('invite.accept', since, member.userId, { invite_id: invite.id, email: 'joiner@example.com', role: 'viewer' });
  });

  test('member.update_role', async () => {
    const since = now();
    expect((await api('PATCH', `/members/${member.userId}`, { role: 'editor' })).status).toBe(200);
    await expectRecorded('member.update_role', since, actor.userId, { user_id: member.userId, old_role: 'viewer', new_role: 'editor' });
  });

  test('member.remove', async () => {
    const since = now();
    expect((await api('DELETE', `/members/${member.userId}`)).status).toBe(200);
    await expectRecorded('member.remove', since, actor.userId, { user_id: member.userId, email: member.email, role: 'editor' });
  });

  test('domain.remove', async () => {
    const since = now();
    expect((await api('DELETE', `/domains/${domainId}`)).status).toBe(200);
    await expectRecorded('domain.remove', since, actor.userId, { id: domainId, domain: 'audit.example.com' });
  });

  test('client.create', async () => {
    const since = now();
    const res = await api('POST', '/clients', { name: 'Client Co', slug: 'client-co' });
    expect(res.status).toBe(201);
    clientId = res.body.id;
    await expectRecorded('client.create', since, actor.userId, { id: clientId, name: 'Client Co', slug: 'client-co' });
  });

  test('workspace.delete (a client workspace: recorded in the parent log, its own log removed)', async () => {
    expect((await t.api('PATCH', `/workspaces/${clientId}`, { key: actor.key, body: { name: 'Client Co 2' } })).status).toBe(200);
    const since = now();
    expect((await t.api('DELETE', `/workspaces/${clientId}`, { key: actor.key })).status).toBe(200);
    await expectRecorded('workspace.delete', since, actor.userId, { id: clientId, name: 'Client Co 2' });
    const left = await t.deps.db.execute(sql`select count(*)::int as n from audit_log where workspace_id = ${clientId}`);
    expect(Number((left as any).rows?.[0]?.n ?? (left as any)[0]?.n)).toBe(0);
  });
});

describe('append-only at the database level', () => {
  const rowsOf = async (wsId: string) => {
    const res = await t.deps.db.execute(sql`select count(*)::int as n from audit_log where workspace_id = ${wsId}`);
    return Number((res as any).rows?.[0]?.n ?? (res as any)[0]?.n);
  };

  test('UPDATE and DELETE on audit_log fail, the entries stay', async () => {
    const count = await rowsOf(ws.workspaceId);
    expect(count).toBeGreaterThan(10);
    const update = await t.deps.db.execute(sql`update audit_log set details = '{}' where workspace_id = ${ws.workspaceId}`).catch((e) => e);
    expect(update).toBeInstanceOf(Error);
    expect(String(update.cause?.message ?? update.message)).toContain('append-only');
    const del = await t.deps.db.execute(sql`delete from audit_log where workspace_id = ${ws.workspaceId}`).catch((e) => e);
    expect(del).toBeInstanceOf(Error);
    expect(await rowsOf(ws.workspaceId)).toBe(count);
  });

  test('deleting a workspace removes its log', async () => {
    const other = await t.bootstrap({ plan: 'pro' });
    await t.api('PATCH', `/workspaces/${other.workspaceId}`, { key: other.key, body: { name: 'Going away' } });
    expect(await rowsOf(other.workspaceId)).toBeGreaterThanOrEqual(2);
    expect((await t.api('DELETE', `/workspaces/${other.workspaceId}`, { key: other.key })).status).toBe(200);
    expect(await rowsOf(other.workspaceId)).toBe(0);
  });
});
