import { afterAll, beforeAll, expect, test } from 'bun:test';
import { setupLink } from '../../modules/sessions';
import { ADMIN_TOKEN, type TestApp } from '../helpers/app';
import { asSession, cookiePair, mailsTo, type Sink, startSessionsApp, uniqueEmail } from '../sessions/helpers';

/**
 * The instance's audit log: what operators do to people and workspaces (sign-in links, plans,
 * operators named or removed, bootstraps), from the console and with the operator token, each
 * entry naming who acted; the person acted on (a workspace's owners for a plan) is told by mail.
 */

let t: TestApp;
let sink: Sink;
let close: () => Promise<void>;
let operator: ReturnType<typeof asSession>;
let operatorId: string;
const ROOT = 'root-audit@example.com';

beforeAll(async () => {
  ({ t, sink, close } = await startSessionsApp());
  const token = (await setupLink(t.deps))!.split('#token=')[1]!;
  const made = await t.api('POST', '/setup', { body: { token, email: ROOT, workspace: 'Ops' } });
  expect(made.status).toBe(200);
  operatorId = made.body.user.id;
  operator = asSession(t, { cookie: cookiePair(made.headers.get('set-cookie')!), csrf: made.body.csrf_token });
}, 60_000);
afterAll(() => close());

const byToken = (method: string, path: string, body: unknown) => t.api(method, `/admin${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body });
const latest = async () => (await operator('GET', '/operator/audit-log?limit=1')).body.entries[0];

test('a sign-in link from the console is recorded with its operator, and its user is told by mail', async () => {
  const email = uniqueEmail('linked');
  const user = await t.bootstrap({ email });
  expect((await operator('POST', `/operator/users/${user.userId}/sign-in-link`)).status).toBe(200);
  expect(await latest()).toMatchObject({ action: 'user.sign_in_link', operator_id: operatorId, operator_email: ROOT, user_id: user.userId, user_email: email });
  const [mail] = await mailsTo(t, sink, email, 1, (m) => m.subject.includes('sign-in link'));
  expect(mail!.subject).toBe('A sign-in link to your Linkhop account was made');
  expect(mail!.text).toContain(`the operator ${ROOT}`);
  expect(mail!.text).not.toContain('#token=');
});

test('a sign-in link by the operator token is recorded without an operator, and told', async () => {
  const email = uniqueEmail('token-linked');
  const user = await t.bootstrap({ email });
  expect((await byToken('POST', '/login-link', { email })).status).toBe(200);
  expect(await latest()).toMatchObject({ action: 'user.sign_in_link', operator_id: null, operator_email: null, user_id: user.userId });
  const [mail] = await mailsTo(t, sink, email, 1, (m) => m.subject.includes('sign-in link'));
  expect(mail!.text).toContain('operator token');
});

test('a plan change (console or token) is recorded with from and to, and the workspace owners are told', async () => {
  const email = uniqueEmail('plan-owner');
  const ws = await t.bootstrap({ email, workspace: 'Planned Co', plan: 'free' });
  expect((await latest()).action).toBe('instance.bootstrap');
  expect((await operator('PATCH', `/operator/workspaces/${ws.workspaceId}`, { body: { plan: 'team' } })).status).toBe(200);
  const entry = await latest();
  expect(entry).toMatchObject({ action: 'workspace.plan', operator_id: operatorId, workspace_id: ws.workspaceId });
  expect(JSON.parse(entry.details)).toEqual({ from: 'free', to: 'team' });
  expect((await byToken('PATCH', `/workspaces/${ws.workspaceId}`, { plan: 'pro' })).status).toBe(200);
  expect(await latest()).toMatchObject({ action: 'workspace.plan', operator_id: null, workspace_id: ws.workspaceId });
  const mails = await mailsTo(t, sink, email, 2, (m) => m.subject.startsWith('Planned Co is now on'));
  expect(mails.map((m) => m.subject)).toEqual(['Planned Co is now on the team plan', 'Planned Co is now on the pro plan']);
  expect(mails[0]!.text).toContain('from free to team');
});

test('naming and removing an operator are recorded, and the person is told each time', async () => {
  const email = uniqueEmail('promoted');
  const user = await t.bootstrap({ email });
  expect((await operator('PATCH', `/operator/users/${user.userId}`, { body: { is_operator: true } })).status).toBe(200);
  expect(await latest()).toMatchObject({ action: 'operator.grant', operator_id: operatorId, user_id: user.userId, user_email: email });
  expect((await operator('PATCH', `/operator/users/${user.userId}`, { body: { is_operator: false } })).status).toBe(200);
  expect(await latest()).toMatchObject({ action: 'operator.revoke', operator_id: operatorId, user_id: user.userId });
  const mails = await mailsTo(t, sink, email, 2, (m) => m.subject.includes('operator of this Linkhop instance'));
  expect(mails.map((m) => m.subject)).toEqual(['You are now an operator of this Linkhop instance', 'You are no longer an operator of this Linkhop instance']);
});

test('a bootstrap is recorded; the log pages, newest first; only operators read it', async () => {
  const email = uniqueEmail('booted');
  const ws = await t.bootstrap({ email, plan: 'pro' });
  const entry = await latest();
  expect(entry).toMatchObject({ action: 'instance.bootstrap', operator_id: null, user_id: ws.userId, user_email: email, workspace_id: ws.workspaceId });
  expect(JSON.parse(entry.details)).toEqual({ email, plan: 'pro' });
  const page = await operator('GET', '/operator/audit-log?limit=2&page=2');
  expect(page.body).toMatchObject({ page: 2, limit: 2 });
  expect(page.body.total).toBeGreaterThan(4);
  const all = (await operator('GET', '/operator/audit-log?limit=100')).body.entries;
  expect(all.map((e: { id: number }) => e.id)).toEqual([...all.map((e: { id: number }) => e.id)].sort((a, b) => b - a));
  // a member's session and an API key are refused
  expect((await t.api('GET', '/operator/audit-log', { key: ws.key })).status).toBe(403);
});
