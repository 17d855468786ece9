import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
let me: { key: string; workspaceId: string; userId: string };
beforeAll(async () => {
  t = await startTestApp();
  me = await t.bootstrap();
  for (let i = 0; i < 25; i++) await t.api('PATCH', `/workspaces/${me.workspaceId}`, { key: me.key, body: { name: `Name ${i}` } });
});
afterAll(() => t.close());

const log = (query = '') => t.api('GET', `/workspaces/${me.workspaceId}/audit-log${query}`, { key: me.key });

test('pagination: default 20, newest first, total', async () => {
  const first = await log();
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ page: 1, limit: 20, total: 26 }); // 25 updates + the owner key creation
  expect(first.body.entries).toHaveLength(20);
  expect(JSON.parse(first.body.entries[0].details)).toEqual({ changes: { name: 'Name 24' } });
  const second = await log('?page=2&limit=20');
  expect(second.body.entries).toHaveLength(6);
  const ids = [...first.body.entries, ...second.body.entries].map((e: any) => e.id);
  expect(new Set(ids).size).toBe(26);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  expect(first.body.entries[0]).toMatchObject({ workspace_id: me.workspaceId, user_id: me.userId, action: 'workspace.update' });
  expect(Number.isInteger(first.body.entries[0].id)).toBe(true);
});

test('filters: action, user_id, from/to', async () => {
  expect((await log('?action=api_key.create')).body.total).toBe(1);
  expect((await log('?action=workspace.update&limit=5')).body).toMatchObject({ total: 25, limit: 5 });
  expect((await log(`?user_id=${me.userId}`)).body.total).toBe(26);
  expect((await log('?user_id=nobody')).body.total).toBe(0);
  const future = new Date(Date.now() + 3_600_000).toISOString();
  expect((await log(`?from=${future}`)).body.total).toBe(0);
  expect((await log(`?to=${future}`)).body.total).toBe(26);
  expect((await log('?to=2000-01-01T00:00:00Z')).body.total).toBe(0);
});

test('400 for invalid query values; 403 below admin', async () => {
  for (const q of ['?from=yesterday', '?to=2024-13-45', '?page=0', '?limit=101', '?limit=abc']) {
    const res = await log(q);
    expect({ q, status: res.status }).toEqual({ q, status: 400 });
    expect(res.body.error).toBeString();
  }
  const editor = await memberWithKey(t, me.workspaceId, 'editor');
  expect((await t.api('GET', `/workspaces/${me.workspaceId}/audit-log`, { key: editor.key })).status).toBe(403);
});

test('append-only in the database: UPDATE and DELETE are refused', async () => {
  const update = await t.deps.db.execute(sql`update audit_log set action = 'forged' where workspace_id = ${me.workspaceId}`).catch((e) => e);
  expect(update).toBeInstanceOf(Error);
  const del = await t.deps.db.execute(sql`delete from audit_log where workspace_id = ${me.workspaceId}`).catch((e) => e);
  expect(del).toBeInstanceOf(Error);
  expect((await log()).body.total).toBe(26);
});
