import type { Deps } from '../../core/deps';
import { badRequest } from '../../core/errors';
import { isPlan, PLANS, type Plan } from '../../core/plans';
import { ensureUser, isEmail } from '../members/service';
import { createWorkspace, setWorkspacePlan } from '../workspaces/service';

export interface BootstrapInput { email: string; name?: string; workspace?: string; plan?: string }

/** Operator bootstrap: the user (created if new) owns a new workspace; returns its first key. */
export async function bootstrap(deps: Deps, input: BootstrapInput) {
  if (!input.email || !isEmail(input.email)) throw badRequest('A valid email is required');
  if (input.plan !== undefined && !isPlan(input.plan)) throw badRequest(`Invalid plan: expected one of ${PLANS.join(', ')}`);
  const user = await ensureUser(deps.db, input.email, input.name);
  const ws = await createWorkspace(deps, { userId: user.id, name: input.workspace?.trim() || `${user.name ?? user.email.split('@')[0]}'s workspace`, plan: input.plan as Plan | undefined, skipQuota: true });
  return { user_id: user.id, workspace_id: ws.id, api_key: ws.api_key };
}

export async function setPlan(deps: Deps, workspaceId: string, plan: string) {
  if (!isPlan(plan)) throw badRequest(`Invalid plan: expected one of ${PLANS.join(', ')}`);
  await setWorkspacePlan(deps, workspaceId, plan);
  return { ok: true as const };
}
