import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { EventMap } from '../../core/hooks';
import type { Role } from '../../core/plans';
import { invites } from '../../modules/invites/schema';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { startSmtpSink, type ReceivedMail } from './smtp-sink';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const events: { type: string; payload: any }[] = [];
const MAIL_FROM = 'Linkhop Test <mailer@linkhop.test>';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM } });
  // with Redis the mail queue runs in BullMQ workers, as `bun run worker mail` would
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['mail']);
  for (const type of ['member.added', 'member.removed', 'member.role_changed'] as const) {
    t.deps.bus.on(type, (payload: EventMap[typeof type]) => void events.push({ type, payload }));
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

let n = 0;
const uniqueEmail = (label: string) => `${label}-${++n}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Detached event handlers have run; in embedded mode the in-process mail jobs too. */
async function settle() {
  await t.deps.bus.settle();
  // BullMQ's idle() also waits on other modules' repeatable jobs, which are always delayed: with
  // Redis the mails are awaited by `mailsTo` instead.
  if (t.deps.queue.kind === 'memory') await t.deps.queue.idle();
}

/** The mails an address received once `count` of them (matching `filter`) arrived, 5 s at most. */
async function mailsTo(address: string, count: number, filter: (m: ReceivedMail) => boolean = () => true) {
  await settle();
  for (let waited = 0; sink.to(address).filter(filter).length < count && waited < 5000; waited += 25) await Bun.sleep(25);
  return sink.to(address).filter(filter);
}

async function auditEntries(ws: { workspaceId: string; key: string }, action: string) {
  const res = await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=${action}&limit=100`, { key: ws.key });
  expect(res.status).toBe(200);
  return res.body.entries.map((e: any) => ({ ...e, details: JSON.parse(e.details) }));
}

/** A member with `role` through the real invite + accept flow. */
async function join(ws: { workspaceId: string; key: string }, role: Role, email = uniqueEmail(role)) {
  const invite = await t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email, role } });
  expect(invite.status).toBe(201);
  const accepted = await t.api('POST', `/invites/${invite.body.token}/accept`, { body: {} });
  expect(accepted.status).toBe(200);
  return { userId: accepted.body.user_id as string, key: accepted.body.api_key as string, email, workspaceId: ws.workspaceId };
}

describe('invites', () => {
  let owner: { userId: string; workspaceId: string; key: string };
  beforeAll(async () => {
    owner = await t.bootstrap({ plan: 'pro', email: uniqueEmail('owner') });
  });

  test('POST creates a pending invite with a 7-day expiry, audits it and e-mails a link to the invite page', async () => {
    const email = uniqueEmail('Invitee').toUpperCase();
    const before = Date.now();
    const res = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['email', 'expires_at', 'id', 'role', 'token']);
    expect(res.body.email).toBe(email.toLowerCase());
    expect(res.body.role).toBe('viewer');
    expect(res.body.token.length).toBeGreaterThanOrEqual(24);
    const expires = new Date(res.body.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(expires - before).toBeLessThan(7 * 86_400_000 + 60_000);

    const audit = await auditEntries(owner, 'invite.create');
    const entry = audit.find((e: any) => e.details.id === res.body.id);
    expect(entry).toBeDefined();
    expect(entry.user_id).toBe(owner.userId);
    expect(entry.details).toMatchObject({ email: email.toLowerCase(), role: 'viewer' });
    expect(JSON.stringify(entry.details)).not.toContain(res.body.token);

    const mails = await mailsTo(email.toLowerCase(), 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.from).toBe('mailer@linkhop.test');
    expect(mails[0]!.to).toEqual([email.toLowerCase()]);
    expect(mails[0]!.subject).toContain('invited');
    expect(mails[0]!.text).toContain(`${SITE_URL}/app/invite#token=${res.body.token}`);
    expect(mails[0]!.text).not.toContain('POST request');
    expect(mails[0]!.text).toContain('as viewer');
  });

  test('400 for an invalid e-mail or role', async () => {
    for (const email of ['not-an-email', 'a@b', 'two@@example.com', '']) {
      const res = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email } });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('email');
    }
    const badRole = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email: uniqueEmail('x'), role: 'superuser' } });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toContain('Invalid role');
    const missing = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { role: 'viewer' } });
    expect(missing.status).toBe(400);
  });

  test('409 when an invite is already pending for the address or it is already a member', async () => {
    const email = uniqueEmail('dup');
    expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email } })).status).toBe(201);
    const again = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email: email.toUpperCase(), role: 'editor' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain('pending');

    const member = await join(owner, 'editor');
    const memberAgain = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email: member.email } });
    expect(memberAgain.status).toBe(409);
    expect(memberAgain.body.error).toContain('already a member');
    const ownerSelf = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email: await ownerEmail() } });
    expect(ownerSelf.status).toBe(409);
  });

  async function ownerEmail() {
    const res = await t.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: owner.key });
    return res.body.members.find((m: any) => m.id === owner.userId).email as string;
  }

  test('GET /invites lists pending invites only, with every Invite field; GET /members shows them camelCase', async () => {
    const ws = await t.bootstrap({ plan: 'pro', email: uniqueEmail('lister') });
    const pendingEmail = uniqueEmail('pending');
    const created = await t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email: pendingEmail, role: 'editor' } });
    await join(ws, 'viewer'); // accepted: no longer pending
    const expired = await t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email: uniqueEmail('expired') } });
    await t.deps.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, expired.body.id));

    const list = await t.api('GET', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key });
    expect(list.status).toBe(200);
    expect(list.body.invites).toHaveLength(1);
    const inv = list.body.invites[0];
    const members = await t.api('GET', `/workspaces/${ws.workspaceId}/members`, { key: ws.key });
    const ownerMember = members.body.members.find((m: any) => m.id === ws.userId);
    expect(inv).toEqual({
      id: created.body.id,
      workspace_id: ws.workspaceId,
      email: pendingEmail,
      role: 'editor',
      token: created.body.token, // the one that accepts (kept sealed: test/invites/token-secrecy)
      invited_by: ws.userId,
      invited_by_email: ownerMember.email,
      expires_at: created.body.expires_at,
      accepted_at: null,
      created_at: expect.any(String),
    });
    expect(new Date(inv.created_at).getTime()).toBeLessThanOrEqual(new Date(inv.expires_at).getTime());

    expect(members.status).toBe(200);
    expect(members.body.pendingInvites).toEqual([{ email: pendingEmail, role: 'editor', createdAt: inv.created_at }]);
  });

  test('DELETE revokes a pending invite; its token then is unknown; 404 for an unknown invite', async () => {
    const created = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email: uniqueEmail('revoke') } });
    const del = await t.api('DELETE', `/workspaces/${owner.workspaceId}/invites/${created.body.id}`, { key: owner.key });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true });
    const list = await t.api('GET', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key });
    expect(list.body.invites.map((i: any) => i.id)).not.toContain(created.body.id);
    expect((await t.api('POST', `/invites/${created.body.token}/accept`, { body: {} })).status).toBe(404);
    expect((await t.api('DELETE', `/workspaces/${owner.workspaceId}/invites/${created.body.id}`, { key: owner.key })).status).toBe(404);
    expect((await t.api('DELETE', `/workspaces/${owner.workspaceId}/invites/nope`, { key: owner.key })).status).toBe(404);
    // another workspace's invite is not found through this workspace
    const other = await t.bootstrap({ plan: 'pro' });
    const foreign = await t.api('POST', `/workspaces/${other.workspaceId}/invites`, { key: other.key, body: { email: uniqueEmail('foreign') } });
    expect((await t.api('DELETE', `/workspaces/${owner.workspaceId}/invites/${foreign.body.id}`, { key: owner.key })).status).toBe(404);
  });

  test('POST …/resend mails a new link, valid 7 days from then (the first stops working); 404 once revoked or unknown; admins only', async () => {
    const email = uniqueEmail('resend');
    const created = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email, role: 'editor' } });
    expect((await mailsTo(email, 1)).length).toBe(1);
    // as if the first mail went out 6 days ago
    await t.deps.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() + 24 * 3600 * 1000) })
      .where(eq(invites.id, created.body.id));
    const before = Date.now();
    const resent = await t.api('POST', `/workspaces/${owner.workspaceId}/invites/${created.body.id}/resend`, { key: owner.key });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ id: created.body.id, email, role: 'editor', expires_at: expect.any(String) });
    const sevenDays = 7 * 24 * 3600 * 1000;
    expect(Date.parse(resent.body.expires_at)).toBeGreaterThanOrEqual(before + sevenDays - 1000);
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.id, created.body.id));
    expect(row!.expiresAt.toISOString()).toBe(resent.body.expires_at);
    const mails = await mailsTo(email, 2);
    expect(mails).toHaveLength(2);
    const [, token] = mails[1]!.text.match(/#token=([\w-]+)/)!;
    expect(token).not.toBe(created.body.token);
    expect((await t.api('GET', `/invites/${created.body.token}`)).status).toBe(404);
    expect((await t.api('GET', `/invites/${token}`)).status).toBe(200);

    const editor = await join(owner, 'editor');
    expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites/${created.body.id}/resend`, { key: editor.key })).status).toBe(403);
    await t.api('DELETE', `/workspaces/${owner.workspaceId}/invites/${created.body.id}`, { key: owner.key });
    expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites/${created.body.id}/resend`, { key: owner.key })).status).toBe(404);
    expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites/nope/resend`, { key: owner.key })).status).toBe(404);
  });

  test('402 at the member limit, counting members and pending invites (free plan: 3)', async () => {
    const ws = await t.bootstrap({ plan: 'free' });
    await join(ws, 'editor'); // 2 members
    const third = await t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email: uniqueEmail('third') } });
    expect(third.status).toBe(201); // 2 members + 1 pending = 3
    const fourth = await t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email: uniqueEmail('fourth') } });
    expect(fourth.status).toBe(402);
    expect(fourth.body.error).toContain('Member limit');
    // revoking the pending invite frees the seat
    await t.api('DELETE', `/workspaces/${ws.workspaceId}/invites/${third.body.id}`, { key: ws.key });
    expect((await t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email: uniqueEmail('fourth') } })).status).toBe(201);
  });

  test('roles: admin needed to create, list and delete invites; nobody invites above their own role', async () => {
    const editor = await join(owner, 'editor');
    const admin = await join(owner, 'admin');
    expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: editor.key, body: { email: uniqueEmail('e') } })).status).toBe(403);
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/invites`, { key: editor.key })).status).toBe(403);
    expect((await t.api('DELETE', `/workspaces/${owner.workspaceId}/invites/x`, { key: editor.key })).status).toBe(403);
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: editor.key })).status).toBe(200);

    const ownerInvite = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: admin.key, body: { email: uniqueEmail('o'), role: 'owner' } });
    expect(ownerInvite.status).toBe(403);
    expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: admin.key, body: { email: uniqueEmail('a'), role: 'admin' } })).status).toBe(
      201,
    );
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/invites`, { key: admin.key })).status).toBe(200);
    expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email: uniqueEmail('o'), role: 'owner' } })).status).toBe(
      201,
    );
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/invites`)).status).toBe(401);
  });
});

describe('accepting an invite', () => {
  let owner: { userId: string; workspaceId: string; key: string };
  beforeAll(async () => {
    owner = await t.bootstrap({ plan: 'pro' });
  });

  test('without an API key: the new user joins with the invited role and gets a key with that role', async () => {
    const email = uniqueEmail('newbie');
    const invite = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email, role: 'editor' } });
    await settle();
    events.length = 0;
    const res = await t.api('POST', `/invites/${invite.body.token}/accept`, { body: { name: 'New Bie' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['api_key', 'role', 'user_id', 'workspace_id']);
    expect(res.body).toMatchObject({ workspace_id: owner.workspaceId, role: 'editor' });
    expect(res.body.api_key).toStartWith('lh_');

    const members = await t.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: res.body.api_key });
    expect(members.status).toBe(200);
    const me = members.body.members.find((m: any) => m.id === res.body.user_id);
    expect(me).toMatchObject({ email, name: 'New Bie', role: 'editor' });
    expect(Date.parse(me.joined_at)).not.toBeNaN();
    expect(members.body.pendingInvites.map((i: any) => i.email)).not.toContain(email);
    // editor rights, not admin
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/invites`, { key: res.body.api_key })).status).toBe(403);
    const keys = await t.api('GET', `/workspaces/${owner.workspaceId}/api-keys`, { key: owner.key });
    expect(keys.body.api_keys.find((k: any) => res.body.api_key.startsWith(k.prefix) && k.role === 'editor')).toBeDefined();

    await settle();
    expect(events).toContainEqual({
      type: 'member.added',
      payload: { workspaceId: owner.workspaceId, userId: res.body.user_id, data: { user_id: res.body.user_id, email, role: 'editor' } },
    });
    const audit = await auditEntries(owner, 'invite.accept');
    expect(audit.find((e: any) => e.user_id === res.body.user_id)?.details).toMatchObject({ invite_id: invite.body.id, email, role: 'editor' });
  });

  test('an existing user joins as themselves, with their own credential only (no second user for the address)', async () => {
    const other = await t.bootstrap({ plan: 'pro', email: uniqueEmail('existing') });
    const members = await t.api('GET', `/workspaces/${other.workspaceId}/members`, { key: other.key });
    const email = members.body.members[0].email;
    const invite = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email, role: 'admin' } });
    // the token alone (the inviter holds it too) adds no existing account: test/invites/pre-hijacking
    expect((await t.api('POST', `/invites/${invite.body.token}/accept`)).status).toBe(401);
    const res = await t.api('POST', `/invites/${invite.body.token}/accept`, { key: other.key });
    expect(res.status).toBe(200);
    expect(res.body.user_id).toBe(other.userId);
    expect(res.body.role).toBe('admin');
    // the old key keeps working in its own workspace, the new one in the inviting workspace
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/invites`, { key: res.body.api_key })).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}`, { key: other.key })).status).toBe(404);
  });

  test('404 for an unknown token, 410 once accepted or expired', async () => {
    expect((await t.api('POST', '/invites/no-such-token/accept', { body: {} })).status).toBe(404);
    const invite = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email: uniqueEmail('twice') } });
    expect((await t.api('POST', `/invites/${invite.body.token}/accept`, { body: {} })).status).toBe(200);
    const again = await t.api('POST', `/invites/${invite.body.token}/accept`, { body: {} });
    expect(again.status).toBe(410);
    expect(again.body.error).toContain('accepted');

    const email = uniqueEmail('late');
    const late = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email } });
    await t.deps.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, late.body.id));
    const expired = await t.api('POST', `/invites/${late.body.token}/accept`, { body: {} });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toContain('expired');
    // the expired invite no longer blocks a new one for the address
    const fresh = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email } });
    expect(fresh.status).toBe(201);
    expect((await t.api('POST', `/invites/${fresh.body.token}/accept`, { body: {} })).status).toBe(200);
  });
});

describe('concurrency', () => {
  test('two simultaneous invites for one address: one 201, one 409; two simultaneous accepts: one 200, one 410', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const email = uniqueEmail('race');
    const both = await Promise.all([0, 1].map(() => t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email } })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const token = both.find((r) => r.status === 201)!.body.token;
    const accepts = await Promise.all([0, 1].map(() => t.api('POST', `/invites/${token}/accept`, { body: {} })));
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 410]);
    const members = await t.api('GET', `/workspaces/${ws.workspaceId}/members`, { key: ws.key });
    expect(members.body.members.filter((m: any) => m.email === email)).toHaveLength(1);
  });

  test('simultaneous invites never pass the member limit', async () => {
    const ws = await t.bootstrap({ plan: 'free' }); // 3 seats, 1 taken by the owner
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) => t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email: uniqueEmail(`seat${i}`) } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 402, 402]);
  });
});

describe('members', () => {
  let owner: { userId: string; workspaceId: string; key: string };
  beforeAll(async () => {
    owner = await t.bootstrap({ plan: 'team', email: uniqueEmail('boss') });
  });

  test('GET lists members with id, email, name, role, joined_at (viewer may read)', async () => {
    const viewer = await join(owner, 'viewer');
    const res = await t.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: viewer.key });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.members.map((m: any) => [m.id, m]));
    expect(byId.get(owner.userId)).toMatchObject({ role: 'owner' });
    expect(byId.get(viewer.userId)).toEqual({ id: viewer.userId, email: viewer.email, name: null, role: 'viewer', joined_at: expect.any(String) });
    expect(Array.isArray(res.body.pendingInvites)).toBe(true);
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/members`)).status).toBe(401);
  });

  test("PATCH changes a role: event, audit, e-mail, and the member's keys lose the rights at once", async () => {
    const admin = await join(owner, 'admin');
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/invites`, { key: admin.key })).status).toBe(200);
    await settle();
    events.length = 0;
    const res = await t.api('PATCH', `/workspaces/${owner.workspaceId}/members/${admin.userId}`, { key: owner.key, body: { role: 'viewer' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/invites`, { key: admin.key })).status).toBe(403);
    const members = await t.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: owner.key });
    expect(members.body.members.find((m: any) => m.id === admin.userId).role).toBe('viewer');

    await settle();
    expect(events).toEqual([
      {
        type: 'member.role_changed',
        payload: { workspaceId: owner.workspaceId, userId: owner.userId, data: { user_id: admin.userId, old_role: 'admin', new_role: 'viewer' } },
      },
    ]);
    const audit = await auditEntries(owner, 'member.update_role');
    expect(audit[0]).toMatchObject({ user_id: owner.userId, details: { user_id: admin.userId, old_role: 'admin', new_role: 'viewer' } });
    const mails = await mailsTo(admin.email, 1, (m) => !m.subject.includes('invited'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('viewer');
    expect(mails[0]!.text).toContain('from admin to viewer');
  });

  test('PATCH rules: 400 invalid role or own role, 404 unknown member, 403 above own role or equal/higher rank', async () => {
    const admin = await join(owner, 'admin');
    const admin2 = await join(owner, 'admin');
    const editor = await join(owner, 'editor');
    const patch = (key: string, userId: string, role: unknown) => t.api('PATCH', `/workspaces/${owner.workspaceId}/members/${userId}`, { key, body: { role } });

    const invalid = await patch(admin.key, editor.userId, 'root');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toContain('Invalid role');
    expect((await t.api('PATCH', `/workspaces/${owner.workspaceId}/members/${editor.userId}`, { key: admin.key, body: {} })).status).toBe(400);
    const own = await patch(admin.key, admin.userId, 'editor');
    expect(own.status).toBe(400);
    expect(own.body.error).toContain('own role');
    expect((await patch(owner.key, owner.userId, 'admin')).status).toBe(400);
    expect((await patch(admin.key, 'no-such-user', 'viewer')).status).toBe(404);
    const outsider = await t.bootstrap({ plan: 'free' });
    expect((await patch(admin.key, outsider.userId, 'viewer')).status).toBe(404);

    const above = await patch(admin.key, editor.userId, 'owner');
    expect(above.status).toBe(403);
    expect(above.body.error).toContain('above your own role');
    const equal = await patch(admin.key, admin2.userId, 'editor');
    expect(equal.status).toBe(403);
    const higher = await patch(admin.key, owner.userId, 'viewer');
    expect(higher.status).toBe(403);
    // the editor is unchanged by the refused calls
    const members = await t.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: owner.key });
    expect(members.body.members.find((m: any) => m.id === editor.userId).role).toBe('editor');

    // allowed: admin up to admin on a lower member; owner on an equal rank
    expect((await patch(admin.key, editor.userId, 'admin')).status).toBe(200);
    expect((await patch(owner.key, admin2.userId, 'owner')).status).toBe(200); // owner on an equal rank
    expect((await patch(admin.key, editor.userId, 'viewer')).status).toBe(403); // now an equal-rank admin
    // a promotion does not raise a key made with its own role: such keys stay capped by it
    const cappedKey = await t.api('POST', `/workspaces/${owner.workspaceId}/api-keys`, { key: owner.key, body: { role: 'admin' } });
    expect(cappedKey.status).toBe(201);
    expect((await patch(cappedKey.body.key, editor.userId, 'viewer')).status).toBe(403);
    // the key handed out with the invitation follows the membership: admin2, now owner, may
    expect((await patch(admin2.key, editor.userId, 'viewer')).status).toBe(200);
    expect((await patch(owner.key, editor.userId, 'admin')).status).toBe(200);
    expect((await t.api('DELETE', `/workspaces/${owner.workspaceId}/api-keys/${cappedKey.body.id}`, { key: owner.key })).status).toBe(200);
    const owner2 = await join(owner, 'owner');
    expect((await patch(owner2.key, owner.userId, 'admin')).status).toBe(200); // an owner changes another owner
    expect((await patch(owner2.key, owner.userId, 'owner')).status).toBe(200);
    // an editor may not manage members at all
    const ed2 = await join(owner, 'editor');
    expect((await patch(ed2.key, editor.userId, 'viewer')).status).toBe(403);
  });

  test('DELETE removes a member: event, audit, e-mail; their key stops working', async () => {
    const editor = await join(owner, 'editor');
    const admin = await join(owner, 'admin');
    await settle();
    events.length = 0;
    const res = await t.api('DELETE', `/workspaces/${owner.workspaceId}/members/${editor.userId}`, { key: admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}`, { key: editor.key })).status).toBe(404);
    const members = await t.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: owner.key });
    expect(members.body.members.map((m: any) => m.id)).not.toContain(editor.userId);

    await settle();
    expect(events).toEqual([
      { type: 'member.removed', payload: { workspaceId: owner.workspaceId, userId: admin.userId, data: { user_id: editor.userId, email: editor.email } } },
    ]);
    const audit = await auditEntries(owner, 'member.remove');
    expect(audit[0]).toMatchObject({ user_id: admin.userId, details: { user_id: editor.userId, email: editor.email, role: 'editor' } });
    const mails = await mailsTo(editor.email, 1, (m) => m.subject.includes('removed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('no longer a member');
    // a removed member can be invited again
    expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email: editor.email } })).status).toBe(201);
  });

  test('DELETE rules: 400 self, 400 last owner, 404 unknown, 403 an admin removing an owner', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const admin = await join(ws, 'admin');
    const del = (key: string, userId: string) => t.api('DELETE', `/workspaces/${ws.workspaceId}/members/${userId}`, { key });

    const self = await del(admin.key, admin.userId);
    expect(self.status).toBe(400);
    expect(self.body.error).toContain('yourself');
    expect((await del(ws.key, ws.userId)).status).toBe(400);
    const last = await del(admin.key, ws.userId);
    expect(last.status).toBe(400);
    expect(last.body.error).toContain('last owner');
    expect((await del(admin.key, 'no-such-user')).status).toBe(404);
    const viewer = await join(ws, 'viewer');
    expect((await del(viewer.key, admin.userId)).status).toBe(403);

    const owner2 = await join(ws, 'owner');
    const byAdmin = await del(admin.key, owner2.userId);
    expect(byAdmin.status).toBe(403);
    expect((await del(owner2.key, ws.userId)).status).toBe(200); // two owners: one may go
    const lastAgain = await del(admin.key, owner2.userId);
    expect(lastAgain.status).toBe(400);
    expect(lastAgain.body.error).toContain('last owner');
  });
});
