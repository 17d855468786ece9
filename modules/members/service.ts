import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { newId } from '../../core/format';
import type { Role } from '../../core/plans';
import { memberships, users } from './schema';

export interface User { id: string; email: string; name: string | null }

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The user with this e-mail, created when new (bootstrap, invite acceptance). */
export async function ensureUser(db: DbOrTx, email: string, name?: string | null): Promise<User> {
  const normalized = normalizeEmail(email);
  const [created] = await db
    .insert(users)
    .values({ id: newId(), email: normalized, name: name ?? null })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return { id: created.id, email: created.email, name: created.name };
  const [existing] = await db.select().from(users).where(eq(users.email, normalized));
  if (name && !existing!.name) await db.update(users).set({ name }).where(eq(users.id, existing!.id));
  return { id: existing!.id, email: existing!.email, name: existing!.name ?? name ?? null };
}

export async function getUser(db: DbOrTx, userId: string): Promise<User | null> {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function addMember(db: DbOrTx, workspaceId: string, userId: string, role: Role): Promise<void> {
  await db.insert(memberships).values({ workspaceId, userId, role });
}

export async function membershipRole(db: DbOrTx, workspaceId: string, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return (row?.role as Role) ?? null;
}

/** Workspaces the user belongs to, with the user's role in each. */
export async function membershipsOfUser(db: DbOrTx, userId: string): Promise<{ workspaceId: string; role: Role }[]> {
  const rows = await db.select({ workspaceId: memberships.workspaceId, role: memberships.role }).from(memberships).where(eq(memberships.userId, userId));
  return rows as { workspaceId: string; role: Role }[];
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
