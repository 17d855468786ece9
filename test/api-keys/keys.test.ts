import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { apiKeys } from '../../modules/api-keys/schema';
import { hashApiKey } from '../../modules/api-keys/service';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('create → list (no secrets) → use → delete → 401', async () => {
  const me = await t.bootstrap();
  const created = await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: me.key, body: { name: 'CI' } });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ name: 'CI', role: 'owner' });
  expect(created.body.key).toMatch(/^lh_/);

  // stored as a SHA-256 hash only
  const [row] = await t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, created.body.id));
  expect(row!.keyHash).toBe(hashApiKey(created.body.key));
  expect(JSON.stringify(row)).not.toContain(created.body.key);

  const list = await t.api('GET', `/workspaces/${me.workspaceId}/api-keys`, { key: created.body.key });
  expect(list.status).toBe(200);
  expect(list.body.api_keys.map((k: any) => k.name).sort()).toEqual(['CI', 'Owner key']);
  expect(JSON.stringify(list.body)).not.toContain(created.body.key);
  const item = list.body.api_keys.find((k: any) => k.id === created.body.id);
  expect(item.prefix).toBe(created.body.key.slice(0, 7));

  expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/api-keys/${created.body.id}`, { key: me.key })).body).toEqual({ ok: true });
  expect((await t.api('GET', `/workspaces/${me.workspaceId}`, { key: created.body.key })).status).toBe(401);
  expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/api-keys/${created.body.id}`, { key: me.key })).status).toBe(404);

  const audit = await t.api('GET', `/workspaces/${me.workspaceId}/audit-log?action=api_key.delete`, { key: me.key });
  expect(audit.body.entries).toHaveLength(1);
  expect(JSON.parse(audit.body.entries[0].details)).toMatchObject({ id: created.body.id, name: 'CI' });
});

test('default name, last_used_at, limit of 10 keys (402)', async () => {
  const me = await t.bootstrap();
  const first = await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: me.key });
  expect(first.status).toBe(201);
  expect(first.body.name).toBe('API Key');
  for (let i = 2; i < 10; i++) expect((await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: me.key, body: {} })).status).toBe(201);
  const over = await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: me.key });
  expect(over.status).toBe(402);
  expect(over.body.error).toContain('10');
  const keys = (await t.api('GET', `/workspaces/${me.workspaceId}/api-keys`, { key: me.key })).body.api_keys;
  expect(keys).toHaveLength(10);
  await Bun.sleep(50);
  const used = (await t.api('GET', `/workspaces/${me.workspaceId}/api-keys`, { key: me.key })).body.api_keys.find((k: any) => k.name === 'Owner key');
  expect(used.last_used_at).toBeString();
});

test("a key's role: validated, never above the caller's own role, enforced on use", async () => {
  const me = await t.bootstrap();
  expect((await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: me.key, body: { role: 'superuser' } })).status).toBe(400);
  const admin = await memberWithKey(t, me.workspaceId, 'admin');
  const tooHigh = await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: admin.key, body: { role: 'owner' } });
  expect(tooHigh.status).toBe(403);
  const viewerKey = await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: admin.key, body: { role: 'viewer' } });
  expect(viewerKey.status).toBe(201);
  expect((await t.api('GET', `/workspaces/${me.workspaceId}/api-keys`, { key: viewerKey.body.key })).status).toBe(403);
  expect((await t.api('GET', `/workspaces/${me.workspaceId}`, { key: viewerKey.body.key })).status).toBe(200);
  const editor = await memberWithKey(t, me.workspaceId, 'editor');
  expect((await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: editor.key, body: { role: 'viewer' } })).status).toBe(403);
});

test('operator API: POST /api/admin/api-keys mints a working key for an existing member, capped by the membership', async () => {
  const me = await t.bootstrap({ email: 'recover@example.com' });
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const minted = await t.api('POST', '/admin/api-keys', { headers: admin, body: { email: 'recover@example.com', workspace: me.workspaceId, role: 'editor' } });
  expect(minted.status).toBe(201);
  expect(minted.body).toMatchObject({ role: 'editor', workspace_id: me.workspaceId, user_id: me.userId });
  expect((await t.api('GET', `/workspaces/${me.workspaceId}/links`, { key: minted.body.key })).status).toBe(200);
  expect((await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: minted.body.key, body: {} })).status).toBe(403);
  const audit = await t.api('GET', `/workspaces/${me.workspaceId}/audit-log?action=api_key.create`, { key: me.key });
  expect(audit.body.entries.map((e: any) => JSON.parse(e.details).id)).toContain(minted.body.id);

  const viewer = await memberWithKey(t, me.workspaceId, 'viewer');
  const above = await t.api('POST', '/admin/api-keys', { headers: admin, body: { email: viewer.email, workspace: me.workspaceId, role: 'admin' } });
  expect(above.status).toBe(400);
  expect((await t.api('POST', '/admin/api-keys', { headers: admin, body: { email: 'ghost@example.com', workspace: me.workspaceId } })).status).toBe(404);
  expect((await t.api('POST', '/admin/api-keys', { body: { email: 'recover@example.com', workspace: me.workspaceId } })).status).toBe(401);
});
