import { sql } from 'drizzle-orm';
import type { Tx } from './db';
import { ApiError } from './errors';
import { planLimit, type LimitName, type Plan } from './plans';

/** The plan counts a create can run into (rules per link are checked on the link, not counted). */
export type CountedResource = Exclude<LimitName, 'rulesPerLink'>;

/** What a create that would pass the limit is answered: 402, or 403 for the workspaces a user owns. */
const LIMIT_REACHED: Record<CountedResource, { status: 402 | 403; message: (plan: Plan, max: number) => string }> = {
  ownedWorkspaces: { status: 403, message: (plan, max) => `Workspace limit reached: the ${plan} plan allows owning ${max} workspaces` },
  members: { status: 402, message: (plan, max) => `Member limit reached: the ${plan} plan allows ${max} members, pending invites included` },
  customDomains: { status: 402, message: (plan, max) => `Domain limit reached: the ${plan} plan allows ${max} custom domain${max === 1 ? '' : 's'}` },
  portfolios: { status: 402, message: (plan, max) => `Portfolio limit reached: the ${plan} plan allows ${max} portfolios` },
  templates: { status: 402, message: (plan, max) => `Template limit reached: the ${plan} plan allows ${max} templates` },
  webhooks: { status: 402, message: (plan, max) => `Webhook limit reached: the ${plan} plan allows ${max} webhooks` },
  tags: { status: 402, message: (_plan, max) => `Tag limit reached: a workspace has at most ${max} tags with metadata` },
  apiKeys: { status: 402, message: (_plan, max) => `API key limit reached: a workspace holds at most ${max} keys` },
  qrLogos: { status: 402, message: (_plan, max) => `QR logo limit reached: a workspace holds at most ${max} logos; delete one first` },
  clientWorkspaces: { status: 402, message: (plan, max) => `Client workspace limit reached: the ${plan} plan allows ${max} client workspaces` },
};

/**
 * Serialises the creates of one resource in one scope (a workspace; the user, for the workspaces
 * they own) until the transaction ends, so that a count taken after it stays true until the insert
 * commits. An advisory lock rather than a row lock: it works the same on PostgreSQL and PGlite and
 * needs no row to exist.
 */
export async function lockPlanLimit(tx: Tx, resource: CountedResource, scopeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${resource}:${scopeId}`}))`);
}

/** Throws the limit's answer when `used` already fills the plan's allowance of `resource`. */
export function assertWithinPlanLimit(resource: CountedResource, plan: Plan, used: number): void {
  const max = planLimit(plan, resource);
  if (used < max) return;
  const reached = LIMIT_REACHED[resource];
  throw new ApiError(reached.status, reached.message(plan, max), { code: 'limit_reached' });
}

export interface PlanLimitCheck {
  resource: CountedResource;
  /** the workspace whose rows are counted */
  scopeId: string;
  plan: Plan;
  /** counts the existing rows, in the same transaction */
  count: () => Promise<number>;
}

/**
 * Lock, count, and answer the limit, inside the transaction that then inserts the row: concurrent
 * creates at limit − 1 let exactly one through. Callers that must lock before other checks (the
 * same row updated rather than created, a conflict answered first) use the two parts above.
 */
export async function withinPlanLimit(tx: Tx, check: PlanLimitCheck): Promise<void> {
  await lockPlanLimit(tx, check.resource, check.scopeId);
  assertWithinPlanLimit(check.resource, check.plan, await check.count());
}
