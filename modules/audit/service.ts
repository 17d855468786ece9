import { pageWindow } from '../../core/model';
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db';
import { invalid } from '../../core/errors';
import { iso } from '../../core/format';
import { auditLog } from './schema';
import { givenSlot } from '../../core/given';

/** An audit entry, written inside the caller's transaction (`db` is that transaction). */
export interface AuditRecord {
  db: DbOrTx;
  workspaceId: string;
  userId: string | null;
  action: string;
  details: Record<string, unknown>;
}

/** The one writer of the log: modules call it inside the transaction of the change they record. */
export async function recordAudit(entry: AuditRecord): Promise<void> {
  await recordAudits(entry.db, [entry]);
}

/** Several entries in one statement (an import's batch of links): one round trip instead of one per entry. */
export async function recordAudits(db: DbOrTx, entries: Omit<AuditRecord, 'db'>[]): Promise<void> {
  if (!entries.length) return;
  await db
    .insert(auditLog)
    .values(
      entries.map((entry) => ({ workspaceId: entry.workspaceId, userId: entry.userId, action: entry.action, details: JSON.stringify(entry.details ?? {}) })),
    );
}

export interface AuditQuery {
  page?: number;
  limit?: number;
  action?: string;
  user_id?: string;
  from?: string;
  to?: string;
}

function parseInstant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid(name, 'expected an ISO 8601 timestamp');
  return date;
}

/**
 * Users by id: the log names who acted, even someone who has left the workspace since. The members
 * module gives its `usersByIds` (`userNames.give`): it records audit entries, so it cannot be imported here.
 */
export type NameUsers = (db: Db, ids: string[]) => Promise<Map<string, { email: string; name: string | null }>>;
export const userNames = givenSlot<NameUsers>("the members module's users by id");

export async function listAudit(db: Db, nameUsers: NameUsers, workspaceId: string, q: AuditQuery) {
  const { page, limit, offset } = pageWindow(q);
  const from = parseInstant(q.from, 'from');
  const to = parseInstant(q.to, 'to');
  const where: SQL[] = [eq(auditLog.workspaceId, workspaceId)];
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.user_id) where.push(eq(auditLog.userId, q.user_id));
  if (from) where.push(gte(auditLog.createdAt, from));
  if (to) where.push(lte(auditLog.createdAt, to));
  const condition = and(...where);
  const [rows, total] = await Promise.all([
    db.select().from(auditLog).where(condition).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit).offset(offset),
    db.$count(auditLog, condition),
  ]);
  const users = await nameUsers(db, [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      workspace_id: r.workspaceId,
      user_id: r.userId,
      user_email: (r.userId && users.get(r.userId)?.email) || null,
      user_name: (r.userId && users.get(r.userId)?.name) || null,
      action: r.action,
      details: r.details,
      created_at: iso(r.createdAt),
    })),
    total,
    page,
    limit,
  };
}
