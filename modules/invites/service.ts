import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Deps } from '../../core/deps';
import type { Db, DbOrTx, Tx } from '../../core/db';
import { ApiError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../core/errors';
import { iso, newId } from '../../core/format';
import { assertWithinPlanLimit } from '../../core/plan-limits';
import { LIMITS, roleRank, type Plan, type Role } from '../../core/plans';
import { sha256Hex } from '../../core/secrets';
import { createApiKey } from '../api-keys';
import { recordAudit } from '../audit';
import { sendMail } from '../mail';
import {
  addMember,
  ensureUser,
  findUserByEmail,
  isEmail,
  isMemberByEmail,
  lockMembership,
  memberCounts,
  membershipRole,
  normalizeEmail,
  parseRole,
  usersByIds,
  type ActingIn,
  type User,
} from '../members';
import { getWorkspaceRow } from '../workspaces';
import { inviteMail } from './mails';
import { invites } from './schema';

/**
 * An invite token is a credential. An accept finds its invite by the token's SHA-256; the token itself
 * is kept sealed with the instance's secrets key (the invite list shows it, as the spec's Invite has it),
 * so the database alone, or a copy of it, accepts no invite.
 */
const newInviteToken = () => randomBytes(24).toString('base64url');
const byToken = (token: string) => eq(invites.tokenHash, sha256Hex(token));
const sealContext = (inviteId: string) => `invite:${inviteId}`;
const sealedToken = (deps: Pick<Deps, 'secrets'>, inviteId: string, token: string) => ({
  tokenHash: sha256Hex(token),
  tokenSealed: deps.secrets.seal(token, sealContext(inviteId)),
});

/**
 * The token of a listed invite. Empty for an invite made before tokens were kept (only its hash
 * exists; "resend" gives it a new one) or sealed under another secrets key (a restore without the
 * key file, a changed SECRETS_KEY): logged, since the list cannot show what accepts it.
 */
function openToken(deps: Pick<Deps, 'secrets' | 'log'>, invite: { id: string; tokenSealed: string | null }): string {
  if (!invite.tokenSealed) return '';
  try {
    return deps.secrets.open(invite.tokenSealed, sealContext(invite.id));
  } catch (err) {
    deps.log.warn({ err, invite_id: invite.id }, 'invite token does not open with this secrets key');
    return '';
  }
}

const pending = (workspaceId: string) => and(eq(invites.workspaceId, workspaceId), isNull(invites.acceptedAt), gt(invites.expiresAt, new Date()));

export async function countPendingInvites(db: DbOrTx, workspaceId: string): Promise<number> {
  return db.$count(invites, pending(workspaceId));
}

/** The pending invites as the API answers them, each with the token that accepts it. */
export async function listPendingInvites(deps: Pick<Deps, 'db' | 'secrets' | 'log'>, workspaceId: string) {
  const rows = await deps.db.select().from(invites).where(pending(workspaceId)).orderBy(asc(invites.createdAt));
  const inviters = await usersByIds(deps.db, [...new Set(rows.map((i) => i.invitedBy))]);
  return rows.map((i) => ({
    id: i.id,
    workspace_id: i.workspaceId,
    email: i.email,
    role: i.role as Role,
    token: openToken(deps, i),
    invited_by: i.invitedBy,
    invited_by_email: inviters.get(i.invitedBy)!.email,
    expires_at: iso(i.expiresAt),
    accepted_at: iso(i.acceptedAt),
    created_at: iso(i.createdAt),
  }));
}

/**
 * An invite counts against the member limit until it is accepted or expires; an expired invite
 * for the same address is replaced. The invite e-mail is queued after commit.
 */
export async function createInvite(
  deps: Deps,
  ws: ActingIn & { plan: Plan },
  actor: { userId: string; email: string },
  input: { email: string; role?: string },
) {
  const email = normalizeEmail(input.email);
  if (!isEmail(email)) throw badRequest('Invalid email address', { field: 'email' });
  const role = parseRole(input.role ?? 'viewer');
  if (roleRank(role) > roleRank(ws.role)) throw forbidden(`You cannot invite with a role above your own (${ws.role})`);

  const now = new Date();
  const token = newInviteToken();
  const id = newId();
  const invite = {
    id,
    workspaceId: ws.id,
    email,
    role,
    ...sealedToken(deps, id, token),
    invitedBy: actor.userId,
    expiresAt: new Date(now.getTime() + LIMITS.inviteDays * 24 * 3600 * 1000),
    createdAt: now,
  };
  try {
    await deps.db.transaction(async (tx) => {
      await lockMembership(tx, ws.id);
      if (await isMemberByEmail(tx, ws.id, email)) throw conflict(`${email} is already a member of this workspace`, { field: 'email' });
      await tx.delete(invites).where(and(eq(invites.workspaceId, ws.id), eq(invites.email, email), isNull(invites.acceptedAt), lte(invites.expiresAt, now)));
      const open = await tx.$count(invites, and(eq(invites.workspaceId, ws.id), eq(invites.email, email), isNull(invites.acceptedAt)));
      if (open) throw conflict(`An invite is already pending for ${email}`, { field: 'email' });
      // seats are members plus pending invites, counted under the membership lock taken above
      const members = (await memberCounts(tx, [ws.id])).get(ws.id) ?? 0;
      assertWithinPlanLimit('members', ws.plan, members + (await countPendingInvites(tx, ws.id)));
      await tx.insert(invites).values(invite);
      await recordAudit({ db: tx, workspaceId: ws.id, userId: actor.userId, action: 'invite.create', details: { id: invite.id, email, role } });
    });
  } catch (error) {
    if (!(error instanceof ApiError) && isUniqueViolation(error)) throw conflict(`An invite is already pending for ${email}`, { field: 'email' });
    throw error;
  }
  await sendMail(
    deps.queue,
    inviteMail({
      to: email,
      workspaceName: ws.name,
      role,
      inviterEmail: actor.email,
      token,
      siteUrl: deps.config.siteUrl,
      expiresAt: invite.expiresAt,
    }),
  );
  return { id: invite.id, email, role, token, expires_at: iso(invite.expiresAt) };
}

/**
 * Mails a pending invite again, valid 7 days from now: for a lost mail or one about to expire. The
 * link is a new one: the previous mail's link stops working (a resent invite may have been forwarded).
 */
export async function resendInvite(deps: Deps, ws: ActingIn, actor: { email: string }, inviteId: string) {
  const expiresAt = new Date(Date.now() + LIMITS.inviteDays * 24 * 3600 * 1000);
  const token = newInviteToken();
  const [invite] = await deps.db
    .update(invites)
    .set({ expiresAt, ...sealedToken(deps, inviteId, token) })
    .where(and(eq(invites.id, inviteId), pending(ws.id)))
    .returning();
  if (!invite) throw notFound('Invite');
  const role = invite.role as Role;
  await sendMail(
    deps.queue,
    inviteMail({ to: invite.email, workspaceName: ws.name, role, inviterEmail: actor.email, token, siteUrl: deps.config.siteUrl, expiresAt }),
  );
  return { id: invite.id, email: invite.email, role, expires_at: iso(expiresAt) };
}

/** Revokes a pending invite (an accepted one is history, not an invite). */
export async function deleteInvite(db: Db, workspaceId: string, inviteId: string) {
  const deleted = await db
    .delete(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.workspaceId, workspaceId), isNull(invites.acceptedAt)))
    .returning({ id: invites.id });
  if (!deleted.length) throw notFound('Invite');
}

/** The invitation behind a token as the person opening its link sees it (the token is the credential). */
export async function previewInvite(db: Db, token: string, now: number) {
  const [invite] = await db.select().from(invites).where(byToken(token));
  const ws = invite && (await getWorkspaceRow(db, invite.workspaceId));
  if (!invite || !ws) throw notFound('Invite');
  assertOpen(invite, now);
  return { workspace: { id: ws.id, name: ws.name }, role: invite.role as Role, email: invite.email, expires_at: iso(invite.expiresAt) };
}

function assertOpen(invite: { acceptedAt: Date | null; expiresAt: Date }, now: number) {
  if (invite.acceptedAt) throw new ApiError(410, 'This invite has already been accepted');
  if (invite.expiresAt.getTime() <= now) throw new ApiError(410, 'This invite has expired');
}

export interface Admitted {
  workspaceId: string;
  plan: Plan;
  user: User;
  role: Role;
  newUser: boolean;
}

/**
 * Accepting an invitation for an address that already has an account takes that account's own sign-in:
 * the token alone is also in the inviter's hands (create response, invite list), and must not add
 * someone to the inviter's workspace. 401 without a credential (sign in first), 403 with another
 * account's.
 */
export class AccountSignInNeeded extends ApiError {
  constructor(readonly email: string) {
    super(401, `This invitation is for ${email}, which already has a Linkhop account: sign in as ${email}, then accept it`);
  }
}

function assertAccountOwner(existing: User, callerUserId: string | null) {
  if (callerUserId === existing.id) return;
  if (callerUserId === null) throw new AccountSignInNeeded(existing.email);
  throw forbidden(`This invitation is for ${existing.email}: you are signed in as another account. Sign out, then sign in as ${existing.email} to accept it`);
}

/**
 * The invited address's user joins with the invited role (audit `invite.accept`, then event
 * `member.added`). A new address is created by the token, its mailbox not yet proven (the inviter saw
 * the token: see proveMailbox in the sessions module); an existing account joins only with its own
 * sign-in (`callerUserId`, the request's session or key). `within` runs in the same transaction with
 * the new member: the API hands out a key, the dashboard signs a new person in.
 */
export async function admitByInvite<T>(
  deps: Deps,
  token: string,
  caller: { name?: string; callerUserId: string | null },
  within: (tx: Tx, admitted: Admitted) => Promise<T>,
) {
  const result = await deps.db.transaction(async (tx) => {
    const [invite] = await tx.select().from(invites).where(byToken(token)).for('update');
    if (!invite) throw notFound('Invite');
    assertOpen(invite, deps.now());
    const ws = await getWorkspaceRow(tx, invite.workspaceId);
    if (!ws) throw notFound('Invite');
    const role = invite.role as Role;
    const existing = await findUserByEmail(tx, invite.email);
    if (existing) assertAccountOwner(existing, caller.callerUserId);
    const newUser = !existing;
    const user = existing ?? (await ensureUser(tx, invite.email, caller.name?.trim() || null, { proven: false }));
    if (await membershipRole(tx, ws.id, user.id)) throw conflict(`${user.email} is already a member of this workspace`);
    await addMember(tx, ws.id, user.id, role);
    await tx
      .update(invites)
      .set({ acceptedAt: new Date(deps.now()) })
      .where(eq(invites.id, invite.id));
    const admitted = { workspaceId: ws.id, plan: ws.plan, user, role, newUser };
    const extra = await within(tx, admitted);
    await recordAudit({ db: tx, workspaceId: ws.id, userId: user.id, action: 'invite.accept', details: { invite_id: invite.id, email: user.email, role } });
    return { admitted, extra };
  });
  const { admitted } = result;
  void deps.bus.emit('member.added', {
    workspaceId: admitted.workspaceId,
    userId: admitted.user.id,
    data: { user_id: admitted.user.id, email: admitted.user.email, role: admitted.role },
  });
  return result;
}

/**
 * The API's accept: the new member also gets an API key for the workspace. The key follows the
 * membership (a later promotion or demotion reaches it); it starts with the invited role.
 */
export async function acceptInvite(deps: Deps, token: string, caller: { name?: string; callerUserId: string | null }) {
  const { admitted, extra: key } = await admitByInvite(deps, token, caller, (tx, { workspaceId, plan, user, role }) =>
    createApiKey(tx, { workspaceId, userId: user.id, plan, role, name: 'Invite key', audit: true, followsMembership: true }),
  );
  return { workspace_id: admitted.workspaceId, user_id: admitted.user.id, role: admitted.role, api_key: key.key };
}
