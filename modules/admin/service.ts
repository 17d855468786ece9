import type { Deps } from '../../core/deps';
import { badRequest, notFound, invalid } from '../../core/errors';
import { isPlan, PLANS, roleAtLeast, type Plan } from '../../core/plans';
import { createApiKey } from '../api-keys';
import { ensureUser, findUserByEmail, isEmail, membershipRole, parseRole } from '../members';
import { createWorkspace, getWorkspaceRow, setWorkspacePlan } from '../workspaces';

export interface BootstrapInput {
  email: string;
  name?: string;
  workspace?: string;
  plan?: string;
}

/** Operator bootstrap: the user (created if new) owns a new workspace; returns its first key. */
export async function bootstrap(deps: Deps, input: BootstrapInput) {
  if (!input.email || !isEmail(input.email)) throw badRequest('A valid email is required', { field: 'email', code: input.email ? 'invalid' : 'required' });
  if (input.plan !== undefined && !isPlan(input.plan)) throw invalid('plan', `expected one of ${PLANS.join(', ')}`);
  // the operator vouches for an address they create an account for (an existing account keeps its state)
  const user = await ensureUser(deps.db, input.email, input.name, { proven: true });
  const ws = await createWorkspace(deps, {
    userId: user.id,
    name: input.workspace?.trim() || `${user.name ?? user.email.split('@')[0]}'s workspace`,
    plan: input.plan as Plan | undefined,
    skipQuota: true,
  });
  return { user_id: user.id, workspace_id: ws.id, api_key: ws.api_key };
}

/** `by`: the operator's user id (console); the operator token and the CLI name nobody (`operator`). */
export async function setPlan(deps: Deps, workspaceId: string, plan: string, by = 'operator') {
  if (!isPlan(plan)) throw invalid('plan', `expected one of ${PLANS.join(', ')}`);
  await setWorkspacePlan(deps, workspaceId, plan, by);
  return { ok: true as const };
}

export interface MintKeyInput {
  email: string;
  workspace: string;
  role?: string;
}

/**
 * A new API key for an existing member (a lost key is otherwise unrecoverable without the
 * database): the member's own role by default, never above it. Audited as `api_key.create`.
 */
export async function mintApiKey(deps: Deps, input: MintKeyInput) {
  const user = input.email ? await findUserByEmail(deps.db, input.email) : null;
  if (!user) throw notFound('User');
  const workspace = input.workspace ? await getWorkspaceRow(deps.db, input.workspace) : null;
  if (!workspace) throw notFound('Workspace');
  const memberRole = await membershipRole(deps.db, workspace.id, user.id);
  if (!memberRole) throw badRequest(`${user.email} is not a member of workspace ${workspace.id}`);
  const role = input.role === undefined ? memberRole : parseRole(input.role);
  if (!roleAtLeast(memberRole, role)) throw invalid('role', `${user.email} is ${memberRole} in this workspace; a key cannot grant more`);
  const key = await deps.db.transaction((tx) =>
    createApiKey(tx, { workspaceId: workspace.id, userId: user.id, plan: workspace.plan as Plan, name: 'Operator key', role, audit: true }),
  );
  return { ...key, workspace_id: workspace.id, user_id: user.id };
}
