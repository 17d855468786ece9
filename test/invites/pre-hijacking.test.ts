import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { users } from '../../modules/members/schema';
import type { TestApp } from '../helpers/app';
import { consent, exchange, pkce, register, toolsWith } from '../oauth/helpers';
import {
  asSession,
  cookiePair,
  isSignInMail,
  mailsTo,
  requestLink,
  sessionFromToken,
  signIn,
  startSessionsApp,
  tokenIn,
  uniqueEmail,
  type Session,
  type Sink,
} from '../sessions/helpers';

/**
 * Security review, issue 37 (docs/security.md): anyone could make a Free workspace, invite an address,
 * accept with the token the create response hands the inviter, hide the membership, and keep a session
 * that reached the real person's workspaces later. Now whoever proves the mailbox never shares the account
 * with what was made without that proof.
 */
let t: TestApp;
let sink: Sink;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sink, close } = await startSessionsApp());
}, 60_000);
afterAll(() => close());

const inviteFrom = async (ws: { workspaceId: string; key: string }, email: string, role = 'editor') => {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email, role } });
  expect(res.status).toBe(201);
  return res.body as { id: string; token: string };
};

/** The attacker's whole play: their account opens the victim's address by an invite token and keeps a session, a key and an OAuth token on it. */
async function preHijack(victimEmail: string) {
  const attacker = await t.bootstrap({ email: uniqueEmail('attacker'), plan: 'free' });
  const first = await inviteFrom(attacker, victimEmail, 'admin');
  // the dashboard's join: the address is new, so the token signs "the victim" in, in the attacker's browser
  const joined = await t.api('POST', `/invites/${first.token}/join`, { body: {} });
  expect(joined.status).toBe(200);
  const setCookie = joined.headers.get('set-cookie')!;
  const me = await t.api('GET', '/session', { headers: { cookie: cookiePair(setCookie) } });
  expect(me.status).toBe(200);
  const session: Session = { cookie: cookiePair(setCookie), csrf: me.body.csrf_token, userId: me.body.user.id, setCookie };
  const asVictim = asSession(t, session);

  // a key on the account: its own workspace's owner key
  const made = await asVictim('POST', '/workspaces', { body: { name: 'Parking' } });
  expect(made.status).toBe(201);
  const key = made.body.api_key as string;

  // an OAuth token on the account (an MCP client the attacker runs), consented with the session
  const client = (await register(t)).body.client_id as string;
  const { verifier, challenge } = pkce();
  const { code } = await consent(t, session, { clientId: client, workspaceId: made.body.id, role: 'admin', challenge });
  const tokens = await exchange(t, client, code, verifier);
  expect(tokens.status).toBe(200);

  // the attacker hides the membership in their workspace
  expect((await t.api('DELETE', `/workspaces/${attacker.workspaceId}/members/${session.userId}`, { key: attacker.key })).status).toBe(200);
  return { attacker, session, key, parkingId: made.body.id as string, accessToken: tokens.body.access_token as string };
}

describe('account pre-hijacking through invitations', () => {
  test('the victim signs in by a mailed link: the attacker’s session, key and OAuth token are refused; the victim is told; memberships stay', async () => {
    const victimEmail = uniqueEmail('ceo');
    const stolen = await preHijack(victimEmail);
    const [row] = await t.deps.db.select({ proven: users.mailboxProvenAt }).from(users).where(eq(users.id, stolen.session.userId));
    expect(row!.proven).toBeNull();
    // before the victim shows up, all three act on the account
    expect((await asSession(t, stolen.session)('GET', '/session')).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${stolen.parkingId}/links`, { key: stolen.key })).status).toBe(200);
    expect((await toolsWith(t, stolen.accessToken)).status).toBe(200);

    // someone else's invitation reaches the real person; they sign in by the link mailed to them
    const employer = await t.bootstrap({ email: uniqueEmail('employer'), plan: 'team' });
    const invitation = await inviteFrom(employer, victimEmail, 'admin');
    const victim = await signIn(t, sink, victimEmail);
    expect(victim.userId).toBe(stolen.session.userId);
    const joined = await asSession(t, victim)('POST', `/invites/${invitation.token}/join`, { body: {} });
    expect(joined.status).toBe(200);

    // the attacker's session, key and OAuth token: all refused
    const attackerSession = await asSession(t, stolen.session)('GET', '/session');
    expect(attackerSession.status).toBe(401);
    expect((await t.api('GET', `/workspaces/${employer.workspaceId}/links`, { headers: { cookie: stolen.session.cookie } })).status).toBe(401);
    expect((await t.api('GET', `/workspaces/${stolen.parkingId}/links`, { key: stolen.key })).status).toBe(401);
    expect((await t.api('GET', `/workspaces/${employer.workspaceId}/links`, { key: stolen.key })).status).toBe(401);
    expect((await toolsWith(t, stolen.accessToken)).status).toBe(401);

    // the victim's own session works, in the new workspace and the one the attacker's session made (memberships stay)
    const workspaces = (await asSession(t, victim)('GET', '/session')).body.workspaces.map((w: { id: string }) => w.id);
    expect(workspaces).toEqual(expect.arrayContaining([employer.workspaceId, stolen.parkingId]));
    // told by mail what ended
    const told = await mailsTo(t, sink, victimEmail, 1, (m) => m.subject.includes('access opened before you signed in was ended'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('1 signed-in session, 1 API key, 1 connected app');
    // an audit entry for the key, in the workspace it was for
    const audit = await asSession(t, victim)('GET', `/workspaces/${stolen.parkingId}/audit-log?action=api_key.delete`);
    expect(audit.body.entries.map((e: { details: string }) => JSON.parse(e.details).reason)).toContain('made_without_mailbox_proof');
  });

  test('the sign-in answer says what ended; only the first proven sign-in ends anything; later sessions and keys are kept', async () => {
    const victimEmail = uniqueEmail('cfo');
    await preHijack(victimEmail);
    const before = sink.to(victimEmail).filter(isSignInMail).length;
    expect((await requestLink(t, victimEmail)).status).toBe(202);
    const link = tokenIn((await mailsTo(t, sink, victimEmail, before + 1, isSignInMail)).at(-1)!.text);
    const answer = await t.api('POST', '/session', { body: { token: link } });
    expect(answer.status).toBe(200);
    expect(answer.body.revoked_without_proof).toEqual({ sessions: 1, api_keys: 1, oauth_grants: 1 });

    // made now, with proof: a second sign-in keeps them, and says nothing
    const first = { cookie: cookiePair(answer.headers.get('set-cookie')!), csrf: answer.body.csrf_token };
    const made = await asSession(t, first)('POST', '/workspaces', { body: { name: 'Mine' } });
    expect(made.status).toBe(201);
    const again = await signIn(t, sink, victimEmail);
    expect((await asSession(t, first)('GET', '/session')).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${made.body.id}/links`, { key: made.body.api_key })).status).toBe(200);
    expect(again.userId).toBe(answer.body.user.id);
  });

  test('a credential made without proof is refused as soon as its user is proven, also one the proof’s clean-up missed (a request racing it)', async () => {
    const stolen = await preHijack(uniqueEmail('cmo'));
    // only the proof's mark, as if the session, key and grant were made by requests that raced the proof's deletions
    await t.deps.db.update(users).set({ mailboxProvenAt: new Date() }).where(eq(users.id, stolen.session.userId));
    expect((await asSession(t, stolen.session)('GET', '/session')).status).toBe(401);
    expect((await t.api('GET', `/workspaces/${stolen.parkingId}/links`, { key: stolen.key })).status).toBe(401);
    expect((await toolsWith(t, stolen.accessToken)).status).toBe(401);
  });

  test('the operator’s login-link proves no mailbox: the attacker’s session survives it, and the mailed link still ends it', async () => {
    const victimEmail = uniqueEmail('cto');
    const stolen = await preHijack(victimEmail);
    const operatorLink = await t.api('POST', '/admin/login-link', {
      body: { email: victimEmail },
      headers: { authorization: `Bearer ${t.config.adminToken}` },
    });
    expect(operatorLink.status).toBe(200);
    const viaOperator = await sessionFromToken(t, new URL(operatorLink.body.url).hash.replace('#token=', ''));
    expect((await asSession(t, stolen.session)('GET', '/session')).status).toBe(200);

    await signIn(t, sink, victimEmail);
    expect((await asSession(t, stolen.session)('GET', '/session')).status).toBe(401);
    // the operator's session had no proof either: it ends with the attacker's
    expect((await asSession(t, viaOperator)('GET', '/session')).status).toBe(401);
  });
});

describe('an existing account is not added by a token alone', () => {
  test('the API’s accept: 401 without the account’s credential, 403 with another account’s, 200 with its own session (and the key it hands out)', async () => {
    const email = uniqueEmail('existing');
    const theirs = await t.bootstrap({ email });
    const inviter = await t.bootstrap({ email: uniqueEmail('inviter'), plan: 'team' });
    const created = await inviteFrom(inviter, email, 'editor');
    const isMember = async () =>
      (await t.api('GET', `/workspaces/${inviter.workspaceId}/members`, { key: inviter.key })).body.members.some((m: { id: string }) => m.id === theirs.userId);

    const bare = await t.api('POST', `/invites/${created.token}/accept`, { body: {} });
    expect(bare.status).toBe(401);
    expect(bare.body).toEqual({ error: expect.stringContaining(`sign in as ${email}`), code: 'unauthenticated' });
    expect(await isMember()).toBe(false);

    // the inviter's own key is a credential, of the wrong account
    const wrong = await t.api('POST', `/invites/${created.token}/accept`, { key: inviter.key, body: {} });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('forbidden');
    expect(await isMember()).toBe(false);

    const session = await signIn(t, sink, email);
    // a cookie write without the session's CSRF token is refused, as everywhere
    expect((await asSession(t, session)('POST', `/invites/${created.token}/accept`, { body: {}, csrf: null })).status).toBe(403);
    const accepted = await asSession(t, session)('POST', `/invites/${created.token}/accept`, { body: {} });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ workspace_id: inviter.workspaceId, user_id: theirs.userId, role: 'editor' });
    expect(await isMember()).toBe(true);
    expect((await t.api('GET', `/workspaces/${inviter.workspaceId}/links`, { key: accepted.body.api_key })).status).toBe(200);
  });

  test('a new address keeps the interfaces.md contract: 200 {workspace_id, user_id, role, api_key} with the token alone, with the token the invite list shows', async () => {
    const inviter = await t.bootstrap({ email: uniqueEmail('lister'), plan: 'pro' });
    const created = await inviteFrom(inviter, uniqueEmail('newcomer'), 'viewer');
    const listed = await t.api('GET', `/workspaces/${inviter.workspaceId}/invites`, { key: inviter.key });
    const token = listed.body.invites.find((i: { id: string }) => i.id === created.id).token;
    expect(token).toBe(created.token);
    const accepted = await t.api('POST', `/invites/${token}/accept`, { body: {} });
    expect(accepted.status).toBe(200);
    expect(Object.keys(accepted.body).sort()).toEqual(['api_key', 'role', 'user_id', 'workspace_id']);
    expect(accepted.body).toMatchObject({ workspace_id: inviter.workspaceId, role: 'viewer' });
    expect((await t.api('GET', `/workspaces/${inviter.workspaceId}/links`, { key: accepted.body.api_key })).status).toBe(200);
  });
});
