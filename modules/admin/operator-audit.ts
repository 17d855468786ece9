import { desc } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db';
import { iso } from '../../core/format';
import { pageWindow } from '../../core/model';
import { usersByIds } from '../members';
import { operatorAuditLog } from './schema';

/** What the instance's audit log records: operators acting on people and workspaces. */
export const OPERATOR_ACTIONS = ['user.sign_in_link', 'operator.grant', 'operator.revoke', 'workspace.plan', 'instance.bootstrap'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export interface OperatorEntry {
  /** the operator's user id (console); null: the operator token or the CLI */
  operatorId: string | null;
  action: OperatorAction;
  userId?: string;
  workspaceId?: string;
  details?: Record<string, unknown>;
}

/** The one writer of the instance's log. */
export async function recordOperatorAction(db: DbOrTx, entry: OperatorEntry): Promise<void> {
  await db.insert(operatorAuditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    userId: entry.userId ?? null,
    workspaceId: entry.workspaceId ?? null,
    details: JSON.stringify(entry.details ?? {}),
  });
}

/** A page of the instance's log, newest first, naming the operator and the user acted on (who may have gone since: then null). */
export async function listOperatorAudit(db: Db, q: { page?: number; limit?: number }) {
  const { page, limit, offset } = pageWindow(q);
  const [rows, total] = await Promise.all([
    db.select().from(operatorAuditLog).orderBy(desc(operatorAuditLog.createdAt), desc(operatorAuditLog.id)).limit(limit).offset(offset),
    db.$count(operatorAuditLog),
  ]);
  const users = await usersByIds(db, [...new Set(rows.flatMap((r) => [r.operatorId, r.userId].filter((id): id is string => Boolean(id))))]);
  const email = (id: string | null) => (id && users.get(id)?.email) || null;
  return {
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action as OperatorAction,
      operator_id: r.operatorId,
      operator_email: email(r.operatorId),
      user_id: r.userId,
      user_email: email(r.userId),
      workspace_id: r.workspaceId,
      details: r.details,
      created_at: iso(r.createdAt),
    })),
    total,
    page,
    limit,
  };
}
