import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { EventMap } from '../../core/hooks';
import { readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { apiKeys } from '../../modules/api-keys/schema';
import { addMember, ensureUser } from '../../modules/members/service';
import { SITE_URL, type TestApp } from '../helpers/app';
import { asSession, cookiePair, mailsTo, signIn, startSessionsApp, tokenIn, uniqueEmail, type Sink } from './helpers';

let t: TestApp;
let sink: Sink;
let close: () => Promise<void>;
let owner: { userId: string; workspaceId: string; key: string };
const added: EventMap['member.added'][] = [];

beforeAll(async () => {
  ({ t, sink, close } = await startSessionsApp());
  owner = await t.bootstrap({ email: uniqueEmail('owner'), plan: 'team' });
  t.deps.bus.on('member.added', (payload) => void added.push(payload));
}, 60_000);
afterAll(() => close());

async function invite(email: string, role = 'editor') {
  const res = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email, role } });
  expect(res.status).toBe(201);
  return res.body as { id: string; token: string; expires_at: string };
}

const join = (token: string, headers: Record<string, string> = {}) => t.api('POST', `/invites/${token}/join`, { body: {}, headers });

describe('the invitation page’s API', () => {
  test('the mail links to /app/invite#token=…; the preview shows workspace, role, address and expiry; join signs a new person in', async () => {
    const email = uniqueEmail('newcomer');
    const created = await invite(email, 'editor');
    const [mail] = await mailsTo(t, sink, email, 1);
    expect(mail!.text).toContain(`${SITE_URL}/app/invite#token=${created.token}`);
    const token = tokenIn(mail!.text, 'invite');

    const preview = await t.api('GET', `/invites/${token}`);
    expect(preview.status).toBe(200);
    const ws = (await t.api('GET', `/workspaces/${owner.workspaceId}`, { key: owner.key })).body;
    expect(preview.body).toEqual({ workspace: { id: owner.workspaceId, name: ws.name }, role: 'editor', email, expires_at: created.expires_at });

    const joined = await t.api('POST', `/invites/${token}/join`, { body: { name: 'New Comer' } });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ workspace_id: owner.workspaceId, role: 'editor' });
    const setCookie = joined.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^lh_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000$/);

    const me = await t.api('GET', '/session', { headers: { cookie: cookiePair(setCookie) } });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, name: 'New Comer' });
    expect(me.body.workspaces).toEqual([expect.objectContaining({ id: owner.workspaceId, role: 'editor' })]);
    const made = await asSession(t, { cookie: cookiePair(setCookie), csrf: me.body.csrf_token })('POST', `/workspaces/${owner.workspaceId}/links`, {
      body: { target: 'https://example.com/joined' },
    });
    expect(made.status).toBe(201);

    const audit = await t.api('GET', `/workspaces/${owner.workspaceId}/audit-log?action=invite.accept`, { key: owner.key });
    expect(audit.body.entries.map((e: any) => JSON.parse(e.details))).toContainEqual({ invite_id: created.id, email, role: 'editor' });
    await t.deps.bus.settle();
    expect(added.find((e) => e.data.email === email)).toMatchObject({ workspaceId: owner.workspaceId, data: { user_id: me.body.user.id, role: 'editor' } });
    // no API key is made for a person joining through the dashboard
    const keys = await t.api('GET', `/workspaces/${owner.workspaceId}/api-keys`, { key: owner.key });
    expect(keys.body.api_keys.map((k: any) => k.name)).not.toContain('Invite key');

    // used: 410 for the preview and for another join
    expect((await t.api('GET', `/invites/${token}`)).status).toBe(410);
    const twice = await join(token);
    expect(twice.status).toBe(410);
    expect(twice.body.error).toContain('already been accepted');
  });

  test('404 for an unknown token; 410 once expired (the clock moved), for the preview and the join', async () => {
    expect((await t.api('GET', '/invites/no-such-token')).status).toBe(404);
    expect((await join('no-such-token')).status).toBe(404);
    const created = await invite(uniqueEmail('late'));
    const realNow = t.deps.now;
    try {
      t.deps.now = () => new Date(created.expires_at).getTime() + 1000;
      const preview = await t.api('GET', `/invites/${created.token}`);
      expect(preview.status).toBe(410);
      expect(preview.body.error).toBe('This invite has expired');
      expect((await join(created.token)).status).toBe(410);
    } finally {
      t.deps.now = realNow;
    }
    expect((await t.api('GET', `/invites/${created.token}`)).status).toBe(200);
  });

  test('an existing account joins only signed in as itself: the invite token alone (which admins can read) neither adds it nor opens it', async () => {
    const email = uniqueEmail('existing');
    const theirs = await t.bootstrap({ email });
    const created = await invite(email, 'viewer');
    expect(await mailsTo(t, sink, email, 1)).toHaveLength(1); // the invitation
    const isMember = async () =>
      (await t.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: owner.key })).body.members.some((m: any) => m.id === theirs.userId);

    const joined = await join(created.token);
    expect(joined.status).toBe(401);
    expect(joined.body).toEqual({ error: expect.stringContaining('we mailed it a sign-in link'), code: 'unauthenticated' });
    expect(joined.headers.get('set-cookie')).toBeNull();
    // a sign-in link went to the address instead, and the account did not join
    expect(await mailsTo(t, sink, email, 1, (m) => m.subject === 'Your Linkhop sign-in link')).toHaveLength(1);
    expect(await isMember()).toBe(false);

    // signed in as another account: 403, still not a member
    const strangerEmail = uniqueEmail('stranger-with-account');
    await t.bootstrap({ email: strangerEmail });
    const stranger = await signIn(t, sink, strangerEmail);
    const wrong = await asSession(t, stranger)('POST', `/invites/${created.token}/join`, { body: {} });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('forbidden');
    expect(await isMember()).toBe(false);

    // signed in as that person (the mailed link): the join admits them, the invitation is used
    const session = await signIn(t, sink, email);
    const joinedSignedIn = await asSession(t, session)('POST', `/invites/${created.token}/join`, { body: {} });
    expect(joinedSignedIn.status).toBe(200);
    expect(joinedSignedIn.body).toEqual({ workspace_id: owner.workspaceId, role: 'viewer' });
    expect(await isMember()).toBe(true);
    expect((await asSession(t, session)('GET', '/session')).body.workspaces.map((w: any) => w.id)).toContain(owner.workspaceId);
    expect((await join(created.token)).status).toBe(410);
  }, 30_000);

  test('409 when the address became a member meanwhile; 415 for a form post (a cross-site page cannot join someone)', async () => {
    const email = uniqueEmail('meanwhile');
    const created = await invite(email);
    expect(
      (await t.api('POST', `/invites/${created.token}/join`, { body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status,
    ).toBe(415);
    const user = await ensureUser(t.deps.db, email, null, { proven: true });
    await addMember(t.deps.db, owner.workspaceId, user.id, 'viewer');
    const res = await asSession(t, await signIn(t, sink, email))('POST', `/invites/${created.token}/join`, { body: {} });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('already a member');
  });
});

describe('the key handed out by the API’s accept follows the membership', () => {
  test('a viewer promoted to editor writes with it at once; demoted, cannot; the key list shows the role it acts with', async () => {
    const email = uniqueEmail('follower');
    const created = await invite(email, 'viewer');
    const accepted = await t.api('POST', `/invites/${created.token}/accept`, { body: {} });
    expect(accepted.status).toBe(200);
    const { api_key: key, user_id: userId } = accepted.body;
    const write = () => t.api('POST', `/workspaces/${owner.workspaceId}/links`, { key, body: { target: 'https://example.com/follows' } });
    const listedRole = async () =>
      (await t.api('GET', `/workspaces/${owner.workspaceId}/api-keys`, { key: owner.key })).body.api_keys.find(
        (k: any) => key.startsWith(k.prefix) && k.name === 'Invite key',
      ).role;

    expect((await write()).status).toBe(403);
    expect(await listedRole()).toBe('viewer');
    const setRole = (role: string) => t.api('PATCH', `/workspaces/${owner.workspaceId}/members/${userId}`, { key: owner.key, body: { role } });
    expect((await setRole('editor')).status).toBe(200);
    expect((await write()).status).toBe(201);
    expect(await listedRole()).toBe('editor');
    expect((await setRole('admin')).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/api-keys`, { key })).status).toBe(200);
    expect((await setRole('viewer')).status).toBe(200);
    expect((await write()).status).toBe(403);
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/api-keys`, { key })).status).toBe(403);
    expect((await t.api('DELETE', `/workspaces/${owner.workspaceId}/members/${userId}`, { key: owner.key })).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/links`, { key })).status).toBe(404);
  });
});

test('migration 0011 marks the keys of earlier invite acceptances as following, and only those', async () => {
  const email = uniqueEmail('earlier');
  const created = await invite(email, 'viewer');
  const accepted = await t.api('POST', `/invites/${created.token}/accept`, { body: {} });
  expect(accepted.status).toBe(200);
  // a key that merely carries the same name, made by its owner with a fixed role, keeps it
  const lookalike = await t.api('POST', `/workspaces/${owner.workspaceId}/api-keys`, { key: owner.key, body: { name: 'Invite key', role: 'viewer' } });
  expect(lookalike.status).toBe(201);
  const follows = async () => {
    const rows = await t.deps.db
      .select({ id: apiKeys.id, name: apiKeys.name, follows: apiKeys.followsMembership })
      .from(apiKeys)
      .where(eq(apiKeys.workspaceId, owner.workspaceId));
    return rows.filter((r) => r.follows).map((r) => r.id);
  };
  const inviteKeys = await follows();
  expect(inviteKeys.length).toBeGreaterThan(0);
  expect(inviteKeys).not.toContain(lookalike.body.id);

  // as before the migration: no key follows; then the migration's data statement
  await t.deps.db.update(apiKeys).set({ followsMembership: false }).where(eq(apiKeys.workspaceId, owner.workspaceId));
  const migration = readFileSync(joinPath(import.meta.dir, '../../drizzle/0011_sessions.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .at(-1)!;
  expect(migration).toContain('UPDATE "api_keys"');
  await t.deps.db.execute(sql.raw(migration));
  expect((await follows()).sort()).toEqual(inviteKeys.sort());
});
