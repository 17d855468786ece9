import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../core/deps';
import { ApiError, invalid } from '../../core/errors';
import { PLANS } from '../../core/plans';
import { ensureUser, hasUsers, isEmail, setOperator } from '../members';
import { insertOwnedWorkspace } from '../workspaces';
import { setupTokens } from './schema';
import { openSession, type OpenedSession } from './service';

/** The plan of the operator's own workspace: the top one (a self-hosted instance has every feature for its operator). */
const TOP_PLAN = PLANS[PLANS.length - 1]!;
export const SETUP_USED = 'This setup link was already used: the instance has its operator. Sign in with your e-mail instead.';

/**
 * The one-time setup link while the instance has no user (the same until it is used), else null.
 * Made on the first ask: the server asks at each start and prints it; `bun run cli setup-link` asks too.
 */
export async function setupLink(deps: Deps): Promise<string | null> {
  if (await hasUsers(deps.db)) return null;
  await deps.db
    .insert(setupTokens)
    .values({ id: 1, token: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await deps.db.select({ token: setupTokens.token }).from(setupTokens);
  return row ? `${deps.config.siteUrl}/app/setup#token=${row.token}` : null;
}

/** Whether first-run setup is still open (the dashboard says where the link is). */
export const setupNeeded = async (deps: Deps) => !(await hasUsers(deps.db));

const sameToken = (given: string, stored: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface SetupInput {
  token: string;
  email: string;
  name?: string;
  workspace?: string;
}

/**
 * Uses the setup link: the first user, an instance operator, owning a workspace on the top plan,
 * signed in — one transaction, which takes the token (so two tabs racing get one operator).
 */
export async function completeSetup(deps: Deps, input: SetupInput, userAgent: string | null): Promise<OpenedSession> {
  const email = input.email.trim();
  if (!isEmail(email)) throw invalid('email', 'expected an address such as you@example.com');
  const workspace = input.workspace?.trim() || 'My workspace';
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(setupTokens).for('update');
    if (!row || (await hasUsers(tx))) throw new ApiError(410, SETUP_USED);
    if (!sameToken(input.token, row.token))
      throw new ApiError(403, 'This setup link is not the one the server printed: copy it again from the server output, or run `bun run cli setup-link`');
    await tx.delete(setupTokens);
    // the setup link is the instance owner's (printed by the server); the instance has no other user to share with
    const user = await ensureUser(tx, email, input.name?.trim() || null, { proven: true });
    await setOperator(tx, user.id);
    await insertOwnedWorkspace(tx, { userId: user.id, name: workspace, plan: TOP_PLAN, skipQuota: true });
    return openSession(tx, deps, user, userAgent);
  });
}
