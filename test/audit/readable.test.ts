import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATOR_ACTIONS } from '../../modules/admin/operator-audit';
import { AUDIT_ACTIONS, type AuditAction } from '../../modules/audit/shared';
import { ACTION_WORDS } from '../../modules/dashboard/client/pages/audit/describe';

const ROOT = join(import.meta.dir, '../..');

// The log reads without lookups elsewhere (the dashboard's audit page shows it as it comes): who acted
// (user_email, user_name; the member list no longer holds someone who has left), and which short link a
// link change was about (its domain and slug, also after the link is gone).
let t: TestApp;
let owner: { key: string; workspaceId: string; userId: string };
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.bootstrap({ email: 'olga@example.com', name: 'Olga Owner' });
});
afterAll(() => t.close());

const log = (query = '') => t.api('GET', `/workspaces/${owner.workspaceId}/audit-log${query}`, { key: owner.key });

test('each entry names its user by e-mail and name, also after the user has left the workspace', async () => {
  const editor = await memberWithKey(t, owner.workspaceId, 'editor');
  const created = await t.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: editor.key, body: { target: 'https://example.com/a' } });
  expect(created.status).toBe(201);
  expect((await t.api('PATCH', `/workspaces/${owner.workspaceId}`, { key: owner.key, body: { name: 'Renamed' } })).status).toBe(200);
  expect((await t.api('DELETE', `/workspaces/${owner.workspaceId}/members/${editor.userId}`, { key: owner.key })).status).toBe(200);

  const byAction = async (action: string) => (await log(`?action=${action}`)).body.entries[0];
  expect(await byAction('link.create')).toMatchObject({ user_id: editor.userId, user_email: editor.email, user_name: 'editor' }); // memberWithKey names its user after the role
  expect(await byAction('workspace.update')).toMatchObject({ user_id: owner.userId, user_email: 'olga@example.com', user_name: 'Olga Owner' });
  expect(await byAction('member.remove')).toMatchObject({ user_id: owner.userId, user_email: 'olga@example.com' });
});

test('an entry without a known user has null names', async () => {
  // plugins record entries under their own actor id, which is no user
  const { recordAudit } = await import('../../modules/audit');
  await recordAudit({ db: t.deps.db, workspaceId: owner.workspaceId, userId: 'plugin:demo', action: 'plugin:demo.ping', details: {} });
  await recordAudit({ db: t.deps.db, workspaceId: owner.workspaceId, userId: null, action: 'plugin:demo.pong', details: {} });
  const [pong, ping] = (await log('?limit=2')).body.entries;
  expect(ping).toMatchObject({ action: 'plugin:demo.ping', user_id: 'plugin:demo', user_email: null, user_name: null });
  expect(pong).toMatchObject({ action: 'plugin:demo.pong', user_id: null, user_email: null, user_name: null });
});

test('link.update entries name the short link (domain and slug as after the change), from every writer', async () => {
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${owner.workspaceId}${path}`, { key: owner.key, body });
  const link = (await api('POST', '/links', { target: 'https://example.com/named', tags: ['old'] })).body;
  expect((await api('PATCH', `/links/${link.id}`, { title: 'Named' })).status).toBe(200);
  expect((await api('PATCH', '/links/bulk', { ids: [link.id], add_tags: ['spring'] })).status).toBe(200);
  expect((await api('DELETE', '/links/tags/old')).status).toBe(200);
  expect((await api('DELETE', `/links/${link.id}`)).status).toBe(200);
  const updates = (await log('?action=link.update')).body.entries.map((e: any) => JSON.parse(e.details));
  const named = { id: link.id, domain: 'go.linkhop.test', slug: link.slug };
  expect(updates).toEqual([
    { ...named, changes: { tags: ['spring'] }, reason: 'tag old deleted' },
    { ...named, changes: { tags: ['old', 'spring'] } },
    { ...named, changes: { title: 'Named' } },
  ]);
});

test('the shared action list holds what the spec lists and every action the code records (the dashboard names each)', async () => {
  // the reference interface's list, as it words it
  const spec =
    'link.create, link.update, link.delete, link.bulk_delete, member.update_role, member.remove, invite.create, invite.accept, domain.add, domain.verify, domain.remove, api_key.create, api_key.delete, workspace.update, workspace.delete, client.create';
  for (const action of spec.split(', ')) expect(AUDIT_ACTIONS).toContain(action as AuditAction);
  const recorded = new Set<string>();
  for await (const file of new Bun.Glob('modules/**/*.ts').scan({ cwd: ROOT })) {
    for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(/action: '([a-z_]+\.[a-z_]+)'/g)) recorded.add(match[1]!);
  }
  expect(recorded.size).toBeGreaterThan(20);
  // the operator's actions go to the instance's own log (operator_audit_log), with a list of their own
  const known = [...AUDIT_ACTIONS, ...OPERATOR_ACTIONS] as readonly string[];
  expect([...recorded].filter((action) => !known.includes(action))).toEqual([]);
  for (const action of AUDIT_ACTIONS) expect(ACTION_WORDS[action]).toBeString();
});
