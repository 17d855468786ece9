import type { Deps } from '../../core/deps';
import { badRequest, notFound, invalid } from '../../core/errors';
import { isPlan, PLANS, roleAtLeast } from '../../core/plans';
import { createApiKey } from '../api-keys';
import { sendMail } from '../mail';
import { ensureUser, findUserByEmail, getUser, isEmail, listMembers, membershipRole, parseRole } from '../members';
import { signInUrlFor } from '../sessions';
import { createWorkspace, getWorkspaceRow, setWorkspacePlan } from '../workspaces';
import { planChangedMail, signInLinkMail } from './mails';
import { recordOperatorAction } from './operator-audit';

/** The operator who acts: a console user's id, or null for the operator token and the CLI. */
export type OperatorId = string | null;

/** The e-mail of the operator who acts (null for the token and the CLI), for the mails that tell people. */
export const operatorEmail = async (deps: Deps, by: OperatorId) => (by ? ((await getUser(deps.db, by))?.email ?? null) : null);

export interface BootstrapInput {
  email: string;
  name?: string;
  workspace?: string;
  plan?: string;
}

/** Operator bootstrap: the user (created if new) owns a new workspace; returns its first key. */
export async function bootstrap(deps: Deps, input: BootstrapInput) {
  if (!input.email || !isEmail(input.email)) throw badRequest('A valid email is required', { field: 'email', code: input.email ? 'invalid' : 'required' });
  const plan = input.plan;
  if (plan !== undefined && !isPlan(plan)) throw invalid('plan', `expected one of ${PLANS.join(', ')}`);
  // the operator vouches for an address they create an account for (an existing account keeps its state)
  const user = await ensureUser(deps.db, input.email, input.name, { proven: true });
  const ws = await createWorkspace(deps, {
    userId: user.id,
    name: input.workspace?.trim() || `${user.name ?? user.email.split('@')[0]}'s workspace`,
    plan,
    skipQuota: true,
  });
  await recordOperatorAction(deps.db, {
    operatorId: null,
    action: 'instance.bootstrap',
    userId: user.id,
    workspaceId: ws.id,
    details: { email: user.email, plan: input.plan ?? null },
  });
  return { user_id: user.id, workspace_id: ws.id, api_key: ws.api_key };
}

/**
 * `by`: the operator's user id (console); the operator token and the CLI name nobody (null; the
 * workspace's log says `operator`). Recorded in the instance's log; the workspace's owners are told.
 */
export async function setPlan(deps: Deps, workspaceId: string, plan: string, by: OperatorId = null) {
  if (!isPlan(plan)) throw invalid('plan', `expected one of ${PLANS.join(', ')}`);
  const from = await setWorkspacePlan(deps, workspaceId, plan, by ?? 'operator');
  await recordOperatorAction(deps.db, { operatorId: by, action: 'workspace.plan', workspaceId, details: { from, to: plan } });
  const [workspace, members, byEmail] = await Promise.all([getWorkspaceRow(deps.db, workspaceId), listMembers(deps.db, workspaceId), operatorEmail(deps, by)]);
  for (const owner of members.filter((m) => m.role === 'owner'))
    await sendMail(deps.queue, planChangedMail({ to: owner.email, by: byEmail, workspaceName: workspace?.name ?? workspaceId, from, plan }));
  return { ok: true as const };
}

/**
 * A one-time sign-in link for an existing user (installs without mail), by the operator token, the
 * CLI or the console: recorded in the instance's log, and the user is told by mail.
 */
export async function operatorSignInLink(deps: Deps, email: string, by: OperatorId) {
  const link = await signInUrlFor(deps, email);
  const user = (await findUserByEmail(deps.db, email))!;
  await recordOperatorAction(deps.db, { operatorId: by, action: 'user.sign_in_link', userId: user.id, details: { email: user.email } });
  await sendMail(deps.queue, signInLinkMail({ to: user.email, by: await operatorEmail(deps, by), siteUrl: deps.config.siteUrl }));
  return link;
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
    createApiKey(tx, { workspaceId: workspace.id, userId: user.id, plan: workspace.plan, name: 'Operator key', role, audit: true }),
  );
  return { ...key, workspace_id: workspace.id, user_id: user.id };
}
