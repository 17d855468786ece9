import type { Actor } from '../../core/access';
import type { Deps } from '../../core/deps';
import { badRequest, forbidden, notFound } from '../../core/errors';
import { iso } from '../../core/format';
import { pageWindow } from '../../core/model';
import { linkTotalsByWorkspace } from '../links';
import { getUser, isOperator, listUsers, memberCounts, setOperator } from '../members';
import { sendMail } from '../mail';
import { listAllWorkspaces } from '../workspaces';
import { operatorChangedMail } from './mails';
import { recordOperatorAction } from './operator-audit';
import { operatorEmail, operatorSignInLink } from './service';

/**
 * The operator console's service: what the operator API does with the token, for an instance
 * operator signed in to the dashboard (the same functions, the same audit), plus the lists a page needs.
 */

/** Only a person signed in to the dashboard who is an instance operator: an API key belongs to one workspace, never to the instance. */
export async function assertOperator(deps: Deps, actor: Actor): Promise<void> {
  if (actor.via !== 'session') throw forbidden('The operator console needs a dashboard session of an instance operator, not an API key');
  if (!(await isOperator(deps.db, actor.userId))) throw forbidden('Only instance operators may use the operator console');
}

/** A page of a list, and `q`: only rows containing this text (case-insensitive). */
interface ListQuery {
  page?: number;
  limit?: number;
  q?: string;
}

export async function operatorWorkspaces(deps: Deps, query: ListQuery) {
  const { page, limit, offset } = pageWindow(query);
  const { rows, total } = await listAllWorkspaces(deps.db, { limit, offset, search: query.q });
  const ids = rows.map((r) => r.id);
  const [members, totals] = await Promise.all([memberCounts(deps.db, ids), linkTotalsByWorkspace(deps.db, ids)]);
  const data = rows.map((w) => ({
    id: w.id,
    name: w.name,
    plan: w.plan,
    parent_workspace_id: w.parentWorkspaceId,
    created_at: iso(w.createdAt),
    members: members.get(w.id) ?? 0,
    links: totals.get(w.id)?.links ?? 0,
    clicks: Number(totals.get(w.id)?.clicks ?? 0),
  }));
  return { data, total, page, limit };
}

export async function operatorUsers(deps: Deps, query: ListQuery) {
  const { page, limit, offset } = pageWindow(query);
  const { rows, total } = await listUsers(deps.db, { limit, offset, search: query.q });
  const data = rows.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    is_operator: u.isOperator,
    created_at: iso(u.createdAt),
    workspaces: u.workspaces,
  }));
  return { data, total, page, limit };
}

/** A one-time sign-in link for a user (installs without mail), as `POST /api/admin/login-link` gives (recorded, the user told). */
export async function signInLinkForUser(deps: Deps, actor: Actor, userId: string) {
  const user = await getUser(deps.db, userId);
  if (!user) throw notFound('User');
  return operatorSignInLink(deps, user.email, actor.userId);
}

/**
 * Makes a user an operator or not; an operator cannot drop their own role (an instance always keeps
 * one who can). Recorded in the instance's log, and the user is told by mail.
 */
export async function setUserOperator(deps: Deps, actor: Actor, userId: string, operator: boolean) {
  if (!operator && userId === actor.userId) throw badRequest('You cannot stop being an operator yourself: ask another operator', { field: 'is_operator' });
  if (!(await setOperator(deps.db, userId, operator))) throw notFound('User');
  const user = (await getUser(deps.db, userId))!;
  await recordOperatorAction(deps.db, {
    operatorId: actor.userId,
    action: operator ? 'operator.grant' : 'operator.revoke',
    userId,
    details: { email: user.email },
  });
  await sendMail(
    deps.queue,
    operatorChangedMail({ to: user.email, by: await operatorEmail(deps, actor.userId), granted: operator, siteUrl: deps.config.siteUrl }),
  );
  return { ok: true as const };
}
