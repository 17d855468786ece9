import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../../core/deps';
import { containsText, preparedQuery, type Db, type DbOrTx, type Tx } from '../../core/db';
import { badRequest, forbidden, notFound, invalid } from '../../core/errors';
import { iso, newId } from '../../core/format';
import { lockPlanLimit } from '../../core/plan-limits';
import { isRole, roleRank, ROLES, type Role } from '../../core/plans';
import { recordAudit } from '../audit';
import { sendMail } from '../mail';
import { removedMail, roleChangedMail } from './mails';
import { memberships, users } from './schema';

export interface User {
  id: string;
  email: string;
  name: string | null;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is the mail server's call.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (email: string) => email.length <= 254 && EMAIL.test(email);

/**
 * The user with this e-mail, created when new. `proven`: a new user is created with their mailbox
 * proven (they came by a mailed link, a verified SSO address, the first-run setup or an operator's
 * bootstrap); an invite token alone proves nothing, since the inviter saw it too.
 */
export async function ensureUser(db: DbOrTx, email: string, name: string | null | undefined, proof: { proven: boolean }): Promise<User> {
  const normalized = normalizeEmail(email);
  const [created] = await db
    .insert(users)
    .values({ id: newId(), email: normalized, name: name ?? null, mailboxProvenAt: proof.proven ? new Date() : null })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return { id: created.id, email: created.email, name: created.name };
  const [existing] = await db.select().from(users).where(eq(users.email, normalized));
  if (name && !existing!.name) await db.update(users).set({ name }).where(eq(users.id, existing!.id));
  return { id: existing!.id, email: existing!.email, name: existing!.name ?? name ?? null };
}

/**
 * Whether the user has proven their mailbox: what is made for them until then is marked `without_proof`.
 * `lock` (in a transaction that makes a credential): shares the user's row with other makers and waits
 * for a proof under way, so the proof's clean-up sees every credential made before it.
 */
export async function hasProvenMailbox(db: DbOrTx, userId: string, opts: { lock?: boolean } = {}): Promise<boolean> {
  const query = db.select({ at: users.mailboxProvenAt }).from(users).where(eq(users.id, userId));
  const [row] = opts.lock ? await query.for('share') : await query;
  return Boolean(row?.at);
}

/**
 * A credential made without proof (`without_proof`) of a user who has proven their mailbox since is
 * refused when used: the proof deletes such credentials, and this also covers one made by a request
 * that raced the proof.
 */
export async function refusedForLackOfProof(db: DbOrTx, credential: { userId: string; withoutProof: boolean }): Promise<boolean> {
  return credential.withoutProof && (await hasProvenMailbox(db, credential.userId));
}

/** Marks the user's mailbox proven; true only the first time (the caller then revokes what was made without proof). */
export async function markMailboxProven(db: DbOrTx, userId: string, at: Date): Promise<boolean> {
  const marked = await db
    .update(users)
    .set({ mailboxProvenAt: at })
    .where(and(eq(users.id, userId), isNull(users.mailboxProvenAt)))
    .returning({ id: users.id });
  return marked.length > 0;
}

/** Whether the instance has any user yet (first-run setup is open while it has none). */
export async function hasUsers(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/** Whether the user is an instance operator (the operator console's guard). */
export async function isOperator(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, userId));
  return row?.isOperator === true;
}

/** Every user of the instance, oldest first, a page at a time, with how many workspaces each belongs to (the operator console); `search`: in the e-mail or name. */
export async function listUsers(db: DbOrTx, page: { limit: number; offset: number; search?: string }) {
  const search = page.search?.trim().toLowerCase();
  const where = search ? or(containsText(users.email, search), containsText(users.name, search)) : undefined;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isOperator: users.isOperator,
      createdAt: users.createdAt,
      workspaces: count(memberships.workspaceId),
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(where)
    .groupBy(users.id)
    .orderBy(users.createdAt, users.id)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows: rows.map((r) => ({ ...r, workspaces: Number(r.workspaces) })), total: Number(total?.n ?? 0) };
}

/** Makes the user an instance operator, or no longer one (first-run setup; an operator naming another); false for an unknown user. */
export async function setOperator(db: DbOrTx, userId: string, isOperator = true): Promise<boolean> {
  const updated = await db.update(users).set({ isOperator }).where(eq(users.id, userId)).returning({ id: users.id });
  return updated.length > 0;
}

/** The existing user with this e-mail, never created (operator key minting). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row ?? null;
}

export async function getUser(db: DbOrTx, userId: string): Promise<User | null> {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The users with these ids (the inviters of a workspace's pending invites). */
export async function usersByIds(db: DbOrTx, ids: string[]): Promise<Map<string, User>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, u]));
}

export async function addMember(db: DbOrTx, workspaceId: string, userId: string, role: Role): Promise<void> {
  await db.insert(memberships).values({ workspaceId, userId, role });
}

// every API request checks the caller's membership
const roleOfMember = preparedQuery('membership_role', (db, name) =>
  db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, sql.placeholder('workspaceId')), eq(memberships.userId, sql.placeholder('userId'))))
    .prepare(name),
);

export async function membershipRole(db: DbOrTx, workspaceId: string, userId: string): Promise<Role | null> {
  const [row] = await roleOfMember(db).execute({ workspaceId, userId });
  return (row?.role as Role) ?? null;
}

const ROLE_MEMO_MS = 60_000;
const roleCacheKey = (workspaceId: string, userId: string) => `member:role:${workspaceId}:${userId}`;

/**
 * The caller's role for the access check of every API request, remembered in process; a role
 * change or removal drops it in every process before its API call answers (changeMemberRole,
 * removeMember). "Not a member" is never remembered: an accepted invite counts at once.
 */
export function rememberedMembershipRole(deps: Pick<Deps, 'db' | 'cache'>, workspaceId: string, userId: string): Promise<Role | null> {
  return deps.cache.remember(roleCacheKey(workspaceId, userId), ROLE_MEMO_MS, () => membershipRole(deps.db, workspaceId, userId));
}

/** Workspaces the user belongs to, with the user's role in each. */
export async function membershipsOfUser(db: DbOrTx, userId: string): Promise<{ workspaceId: string; role: Role }[]> {
  const rows = await db.select({ workspaceId: memberships.workspaceId, role: memberships.role }).from(memberships).where(eq(memberships.userId, userId));
  return rows as { workspaceId: string; role: Role }[];
}

/** Each member's role in the workspace, by user id (keys that follow their membership show it). */
export async function memberRoles(db: DbOrTx, workspaceId: string): Promise<Map<string, Role>> {
  const rows = await db.select({ userId: memberships.userId, role: memberships.role }).from(memberships).where(eq(memberships.workspaceId, workspaceId));
  return new Map(rows.map((r) => [r.userId, r.role as Role]));
}

export async function memberCounts(db: DbOrTx, workspaceIds: string[]): Promise<Map<string, number>> {
  if (!workspaceIds.length) return new Map();
  const rows = await db
    .select({ workspaceId: memberships.workspaceId, n: count() })
    .from(memberships)
    .where(inArray(memberships.workspaceId, workspaceIds))
    .groupBy(memberships.workspaceId);
  return new Map(rows.map((r) => [r.workspaceId, Number(r.n)]));
}

/** Copy the owners of one workspace into another as owners (client workspaces). */
export async function copyOwners(db: DbOrTx, fromWorkspaceId: string, toWorkspaceId: string): Promise<void> {
  await db.execute(sql`
    insert into memberships (workspace_id, user_id, role)
    select ${toWorkspaceId}, user_id, 'owner' from memberships
    where workspace_id = ${fromWorkspaceId} and role = 'owner'
    on conflict do nothing`);
}

/** Serialises changes to one workspace's membership (member limit, last-owner rule) within a transaction. */
export const lockMembership = (tx: Tx, workspaceId: string) => lockPlanLimit(tx, 'members', workspaceId);

export function parseRole(value: unknown): Role {
  if (!isRole(value)) throw invalid('role', `expected one of ${ROLES.join(', ')}`);
  return value;
}

export async function listMembers(db: Db, workspaceId: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name, role: memberships.role, joinedAt: memberships.joinedAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(memberships.joinedAt), asc(users.email));
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role as Role, joined_at: iso(r.joinedAt) }));
}

export async function isMemberByEmail(db: DbOrTx, workspaceId: string, email: string): Promise<boolean> {
  const n = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(users.email, normalizeEmail(email))));
  return Number(n[0]?.n ?? 0) > 0;
}

async function memberForUpdate(tx: DbOrTx, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ role: memberships.role, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .for('update', { of: memberships });
  if (!row) throw notFound('Member');
  return { role: row.role as Role, email: row.email };
}

/** The workspace as the caller acts in it (from the access guard). */
export interface ActingIn {
  id: string;
  name: string;
  role: Role;
}

/**
 * Role rules: never one's own role, never above the caller's role, and only an owner may
 * change a member whose rank equals or exceeds the caller's.
 */
export async function changeMemberRole(deps: Deps, ws: ActingIn, actorUserId: string, targetUserId: string, newRoleInput: unknown) {
  const newRole = parseRole(newRoleInput);
  if (targetUserId === actorUserId) throw badRequest('You cannot change your own role');
  const change = await deps.db.transaction(async (tx) => {
    const target = await memberForUpdate(tx, ws.id, targetUserId);
    if (roleRank(newRole) > roleRank(ws.role)) throw forbidden(`You cannot promote a member above your own role (${ws.role})`);
    if (ws.role !== 'owner' && roleRank(target.role) >= roleRank(ws.role)) {
      throw forbidden('Only an owner can change the role of a member whose role is equal to or higher than yours');
    }
    if (target.role === newRole) return null;
    await tx
      .update(memberships)
      .set({ role: newRole })
      .where(and(eq(memberships.workspaceId, ws.id), eq(memberships.userId, targetUserId)));
    await recordAudit({
      db: tx,
      workspaceId: ws.id,
      userId: actorUserId,
      action: 'member.update_role',
      details: { user_id: targetUserId, email: target.email, old_role: target.role, new_role: newRole },
    });
    return { email: target.email, oldRole: target.role };
  });
  if (!change) return;
  await deps.cache.invalidate(roleCacheKey(ws.id, targetUserId));
  void deps.bus.emit('member.role_changed', {
    workspaceId: ws.id,
    userId: actorUserId,
    data: { user_id: targetUserId, old_role: change.oldRole, new_role: newRole },
  });
  await sendMail(deps.queue, roleChangedMail({ to: change.email, workspaceName: ws.name, oldRole: change.oldRole, newRole }));
}

/** Removal rules: never oneself, never the last owner, and only an owner removes an owner. */
export async function removeMember(deps: Deps, ws: ActingIn, actorUserId: string, targetUserId: string) {
  if (targetUserId === actorUserId) throw badRequest('You cannot remove yourself from the workspace');
  const removed = await deps.db.transaction(async (tx) => {
    await lockMembership(tx, ws.id);
    const target = await memberForUpdate(tx, ws.id, targetUserId);
    if (target.role === 'owner') {
      const owners = await tx.$count(memberships, and(eq(memberships.workspaceId, ws.id), eq(memberships.role, 'owner')));
      if (owners <= 1) throw badRequest('The last owner of a workspace cannot be removed');
    }
    if (roleRank(target.role) > roleRank(ws.role)) throw forbidden(`You cannot remove a member whose role is higher than yours (${ws.role})`);
    await tx.delete(memberships).where(and(eq(memberships.workspaceId, ws.id), eq(memberships.userId, targetUserId)));
    await recordAudit({
      db: tx,
      workspaceId: ws.id,
      userId: actorUserId,
      action: 'member.remove',
      details: { user_id: targetUserId, email: target.email, role: target.role },
    });
    return target;
  });
  await deps.cache.invalidate(roleCacheKey(ws.id, targetUserId));
  void deps.bus.emit('member.removed', { workspaceId: ws.id, userId: actorUserId, data: { user_id: targetUserId, email: removed.email } });
  await sendMail(deps.queue, removedMail({ to: removed.email, workspaceName: ws.name }));
}
