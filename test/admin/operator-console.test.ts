import { afterAll, beforeAll, expect, test } from 'bun:test';
import { setupLink } from '../../modules/sessions';
import { startTestApp, type TestApp } from '../helpers/app';
import { asSession, cookiePair, sessionFromToken, uniqueEmail } from '../sessions/helpers';

let t: TestApp;
let operator: ReturnType<typeof asSession>;
let operatorId: string;
let operatorWs: string;
beforeAll(async () => {
  t = await startTestApp();
  // the instance's first user, by the setup link: an operator
  const token = (await setupLink(t.deps))!.split('#token=')[1]!;
  const made = await t.api('POST', '/setup', { body: { token, email: 'root@example.com', workspace: 'Ops' } });
  expect(made.status).toBe(200);
  operatorId = made.body.user.id;
  operator = asSession(t, { cookie: cookiePair(made.headers.get('set-cookie')!), csrf: made.body.csrf_token });
  operatorWs = (await operator('GET', '/workspaces')).body.workspaces[0].id;
}, 60_000);
afterAll(() => t.close());

test('an operator sees every workspace with plan, members, links and clicks, and every user', async () => {
  const other = await t.bootstrap({ email: uniqueEmail('owner'), plan: 'pro' });
  await t.api('POST', `/workspaces/${other.workspaceId}/links`, { key: other.key, body: { target: 'https://example.com/a' } });
  const list = await operator('GET', '/operator/workspaces?limit=100');
  expect(list.status).toBe(200);
  expect(list.body).toMatchObject({ page: 1, limit: 100, total: 2 });
  const byId = new Map(list.body.data.map((w: any) => [w.id, w]));
  expect(byId.get(other.workspaceId)).toMatchObject({ plan: 'pro', members: 1, links: 1, clicks: 0, parent_workspace_id: null });
  expect(byId.get(operatorWs)).toMatchObject({ name: 'Ops', plan: 'agency', members: 1, links: 0 });
  const users = await operator('GET', '/operator/users');
  expect(users.body.total).toBe(2);
  expect(users.body.data[0]).toMatchObject({ id: operatorId, email: 'root@example.com', is_operator: true, workspaces: 1 });
  expect(users.body.data[1]).toMatchObject({ is_operator: false, workspaces: 1 });
  // pages
  const second = await operator('GET', '/operator/users?page=2&limit=1');
  expect(second.body).toMatchObject({ page: 2, limit: 1, total: 2 });
  expect(second.body.data).toHaveLength(1);
  expect((await operator('GET', '/operator/users?limit=500')).status).toBe(400);
});

test('the lists search: workspaces by name, slug or exact id; users by e-mail or name; % and _ are plain characters', async () => {
  const email = uniqueEmail('Searchable_Person');
  const found = await t.bootstrap({ email, workspace: 'Findable 100% Co' });
  const names = async (path: string) => (await operator('GET', path)).body.data.map((row: any) => row.id);
  expect(await names('/operator/workspaces?q=FINDABLE')).toEqual([found.workspaceId]);
  expect(await names(`/operator/workspaces?q=${found.workspaceId}`)).toEqual([found.workspaceId]);
  expect(await names('/operator/workspaces?q=100%25')).toEqual([found.workspaceId]);
  const searched = await operator('GET', '/operator/workspaces?q=findable');
  expect(searched.body).toMatchObject({ total: 1, page: 1, limit: 20 });
  expect(await names('/operator/workspaces?q=%25')).toEqual([found.workspaceId]);
  expect(await names('/operator/workspaces?q=nothing-like-this')).toEqual([]);
  expect(await names('/operator/users?q=searchable_person')).toEqual([found.userId]);
  expect((await operator('GET', '/operator/users?q=_')).body.data.map((u: any) => u.email)).toEqual([email.toLowerCase()]);
  expect((await operator('GET', `/operator/users?q=${'x'.repeat(201)}`)).status).toBe(400);
  // odd bytes are searched for, not executed or crashed on
  for (const odd of ['%00', '%27%3B--', '%F0%9F%94%97', '%5C'])
    for (const list of ['workspaces', 'users']) {
      const answer = await operator('GET', `/operator/${list}?q=${odd}`);
      expect({ list, odd, status: answer.status < 500 }).toEqual({ list, odd, status: true });
    }
});

test('the session answer says who is an operator (the dashboard shows the console by it)', async () => {
  expect((await operator('GET', '/session')).body.user).toMatchObject({ id: operatorId, is_operator: true });
  const plain = await t.bootstrap({ email: uniqueEmail('not-operator') });
  const link = await operator('POST', `/operator/users/${plain.userId}/sign-in-link`);
  const session = asSession(t, await sessionFromToken(t, link.body.url.split('#token=')[1]));
  expect((await session('GET', '/session')).body.user).toMatchObject({ id: plain.userId, is_operator: false });
});

test('an operator changes a plan (audited in that workspace as workspace.plan), mints a sign-in link, names another operator', async () => {
  const other = await t.bootstrap({ email: uniqueEmail('plan') });
  const changed = await operator('PATCH', `/operator/workspaces/${other.workspaceId}`, { body: { plan: 'team' } });
  expect(changed).toMatchObject({ status: 200, body: { ok: true } });
  expect((await t.api('GET', `/workspaces/${other.workspaceId}`, { key: other.key })).body.plan).toBe('team');
  const audit = await t.api('GET', `/workspaces/${other.workspaceId}/audit-log?action=workspace.plan`, { key: other.key });
  expect(audit.body.entries).toHaveLength(1);
  expect(audit.body.entries[0]).toMatchObject({ user_id: operatorId });
  expect(JSON.parse(audit.body.entries[0].details)).toEqual({ from: 'free', to: 'team' });
  expect((await operator('PATCH', '/operator/workspaces/nope', { body: { plan: 'team' } })).status).toBe(404);
  expect((await operator('PATCH', `/operator/workspaces/${other.workspaceId}`, { body: { plan: 'gold' } })).status).toBe(400);

  const link = await operator('POST', `/operator/users/${other.userId}/sign-in-link`);
  expect(link.status).toBe(200);
  const session = await sessionFromToken(t, link.body.url.split('#token=')[1]);
  expect(session.userId).toBe(other.userId);
  expect((await operator('POST', '/operator/users/nobody/sign-in-link')).status).toBe(404);

  // the user, made an operator, may use the console; then no longer
  const asOther = asSession(t, session);
  expect((await asOther('GET', '/operator/users')).status).toBe(403);
  expect((await operator('PATCH', `/operator/users/${other.userId}`, { body: { is_operator: true } })).status).toBe(200);
  expect((await asOther('GET', '/operator/users')).status).toBe(200);
  expect((await operator('PATCH', `/operator/users/${other.userId}`, { body: { is_operator: false } })).status).toBe(200);
  expect((await asOther('GET', '/operator/users')).status).toBe(403);
  // nobody drops their own operator role
  const self = await operator('PATCH', `/operator/users/${operatorId}`, { body: { is_operator: false } });
  expect(self.status).toBe(400);
  expect(self.body.error).toContain('cannot stop being an operator yourself');
});

test('refused: a non-operator session (403), any API key, the operator’s own included (403), no credential (401), a session write without CSRF (403)', async () => {
  const owner = await t.bootstrap({ email: uniqueEmail('plain'), plan: 'agency' });
  const link = await operator('POST', `/operator/users/${owner.userId}/sign-in-link`);
  const plain = asSession(t, await sessionFromToken(t, link.body.url.split('#token=')[1]));
  for (const [method, path, body] of [
    ['GET', '/operator/workspaces', undefined],
    ['GET', '/operator/users', undefined],
    ['PATCH', `/operator/workspaces/${owner.workspaceId}`, { plan: 'free' }],
    ['POST', `/operator/users/${owner.userId}/sign-in-link`, undefined],
    ['PATCH', `/operator/users/${owner.userId}`, { is_operator: true }],
  ] as const) {
    const refused = await plain(method, path, { body });
    expect({ path, status: refused.status }).toEqual({ path, status: 403 });
    expect(refused.body.error).toBe('Only instance operators may use the operator console');
    expect((await t.api(method, path, { body })).status).toBe(401);
  }
  const key = await operator('POST', `/workspaces/${operatorWs}/api-keys`, { body: { name: 'k' } });
  const byKey = await t.api('GET', '/operator/users', { key: key.body.key });
  expect(byKey.status).toBe(403);
  expect(byKey.body.error).toContain('not an API key');
  expect((await operator('PATCH', `/operator/workspaces/${owner.workspaceId}`, { body: { plan: 'free' }, csrf: null })).status).toBe(403);
  expect((await t.api('GET', `/workspaces/${owner.workspaceId}`, { key: owner.key })).body.plan).toBe('agency');
});
