import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { customAlphabet } from 'nanoid';
import type { Deps } from '../../core/deps';
import { containsText, preparedQuery, type Db, type DbOrTx, type Tx } from '../../core/db';
import { badRequest, isUniqueViolation, notFound, paymentRequired, invalid, required, taken } from '../../core/errors';
import { assertWithinPlanLimit, lockPlanLimit, withinPlanLimit } from '../../core/plan-limits';
import { iso, isHttpUrl, newId, slugify } from '../../core/format';
import { featureMessage, hasFeature, planRank, PLANS, roleAtLeast, type Plan, type Role } from '../../core/plans';
import { createApiKey, workspaceKeyCacheKeys } from '../api-keys';
import { recordAudit } from '../audit';
import { addMember, copyOwners, memberCounts, membershipRole, membershipsOfUser } from '../members';
import { isSealed, openStored, SEALED_ELSEWHERE } from '../../core/secrets';
import { parseGovernancePolicy } from './governance-policy';
import { workspaces } from './schema';

export type WorkspaceRow = typeof workspaces.$inferSelect;

const suffix = customAlphabet('abcdefghijklmnopqrstuvwxyz0123456789', 6);

// every API request reads its workspace
const workspaceById = preparedQuery('workspace_by_id', (db, name) =>
  db
    .select()
    .from(workspaces)
    .where(eq(workspaces.id, sql.placeholder('id')))
    .prepare(name),
);

export async function getWorkspaceRow(db: DbOrTx, id: string): Promise<WorkspaceRow | null> {
  const [row] = await workspaceById(db).execute({ id });
  return row ?? null;
}

/** What the access check of an API request needs of its workspace. */
export type WorkspaceBasics = Pick<
  WorkspaceRow,
  'id' | 'name' | 'slug' | 'plan' | 'parentWorkspaceId' | 'defaultUtmParams' | 'trackConversionsDefault' | 'attributionWindowDays'
>;

const BASICS_MEMO_MS = 60_000;
const basicsCacheKey = (id: string) => `workspace:basics:${id}`;

/**
 * The workspace of every API request, remembered in process; every write of this module drops it
 * in every process before it answers (`workspaceChanged`), whoever runs it (API, operator CLI).
 */
export function rememberedWorkspace(deps: Pick<Deps, 'db' | 'cache'>, id: string): Promise<WorkspaceBasics | null> {
  return deps.cache.remember(basicsCacheKey(id), BASICS_MEMO_MS, async () => {
    const row = await getWorkspaceRow(deps.db, id);
    return (
      row && {
        id: row.id,
        name: row.name,
        slug: row.slug,
        plan: row.plan,
        parentWorkspaceId: row.parentWorkspaceId,
        defaultUtmParams: row.defaultUtmParams,
        trackConversionsDefault: row.trackConversionsDefault,
        attributionWindowDays: row.attributionWindowDays,
      }
    );
  });
}

/**
 * After a workspace write: this module's copies go (also of the workspaces whose remembered parent
 * it was, and any other entries the write made stale), then other modules drop theirs (`workspace.changed`).
 */
async function workspaceChanged(deps: Deps, workspaceId: string, also: { formerClients?: string[]; cacheKeys?: string[] } = {}) {
  await deps.cache.invalidate(...[workspaceId, ...(also.formerClients ?? [])].map(basicsCacheKey), ...(also.cacheKeys ?? []));
  await deps.bus.run('workspace.changed', { workspaceId });
}

/** Insert with a slug derived from the name; a taken slug gets a random suffix unless it was asked for. */
async function insertWorkspace(db: DbOrTx, values: Omit<typeof workspaces.$inferInsert, 'slug'> & { slug?: string }, exactSlug: boolean) {
  const base = values.slug ?? slugify(values.name);
  for (let attempt = 0; ; attempt++) {
    const slug = attempt === 0 ? base : `${base.slice(0, 43)}-${suffix()}`;
    const inserted = await db
      .insert(workspaces)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: workspaces.slug })
      .returning();
    if (inserted[0]) return inserted[0];
    if (exactSlug || attempt > 5) throw Object.assign(new Error('slug taken'), { code: 'SLUG_TAKEN' });
  }
}

/**
 * Highest plan among the top-level workspaces the user owns decides how many they may own. Locked
 * per user (the plan comes from the rows counted, so the lock is taken before the count).
 */
async function assertWorkspaceQuota(tx: Tx, userId: string) {
  await lockPlanLimit(tx, 'ownedWorkspaces', userId);
  const owned = (await membershipsOfUser(tx, userId)).filter((m) => m.role === 'owner').map((m) => m.workspaceId);
  if (!owned.length) return;
  const rows = await tx
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(and(inArray(workspaces.id, owned), isNull(workspaces.parentWorkspaceId)));
  const best = rows.reduce<Plan>((acc, r) => (planRank(r.plan) > planRank(acc) ? r.plan : acc), 'free');
  assertWithinPlanLimit('ownedWorkspaces', best, rows.length);
}

/** `plan`: DEFAULT_PLAN unless given. `skipQuota`: the operator bootstrap is not bound by the owner's workspace limit. */
export interface CreateWorkspaceInput {
  userId: string;
  name: string;
  plan?: Plan;
  skipQuota?: boolean;
  /** the request's credential was made without mailbox proof: so is the workspace's first key */
  byCredentialWithoutProof?: boolean;
}

/** A new top-level workspace owned by the user, on the plan given, inside the caller's transaction. */
export async function insertOwnedWorkspace(tx: Tx, input: CreateWorkspaceInput & { plan: Plan }): Promise<WorkspaceRow> {
  const name = input.name.trim();
  if (!name) throw required('name');
  if (!input.skipQuota) await assertWorkspaceQuota(tx, input.userId);
  const ws = await insertWorkspace(tx, { id: newId(), name, plan: input.plan }, false);
  await addMember(tx, ws.id, input.userId, 'owner');
  return ws;
}

/** A new top-level workspace owned by the user, with a first owner API key (shown once). */
export async function createWorkspace(deps: Deps, input: CreateWorkspaceInput) {
  if (!input.name.trim()) throw required('name');
  return deps.db.transaction(async (tx) => {
    const ws = await insertOwnedWorkspace(tx, { ...input, plan: input.plan ?? deps.config.defaultPlan });
    const key = await createApiKey(tx, {
      workspaceId: ws.id,
      userId: input.userId,
      plan: ws.plan,
      role: 'owner',
      name: 'Owner key',
      audit: true,
      byCredentialWithoutProof: input.byCredentialWithoutProof,
    });
    return { id: ws.id, name: ws.name, slug: ws.slug, plan: ws.plan, api_key: key.key };
  });
}

/** A client workspace under an Agency parent, within the parent plan's client limit: starts on free, the parent's owners own it. */
export async function createClientWorkspace(deps: Deps, input: { parentId: string; parentPlan: Plan; userId: string; name: string; slug?: string }) {
  const name = input.name.trim();
  if (!name) throw required('name');
  if (input.slug !== undefined && !/^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/.test(input.slug)) {
    throw invalid('slug', 'use 1 to 50 lowercase letters, digits and hyphens, not starting or ending with a hyphen');
  }
  return deps.db.transaction(async (tx) => {
    await withinPlanLimit(tx, {
      resource: 'clientWorkspaces',
      scopeId: input.parentId,
      plan: input.parentPlan,
      count: () => tx.$count(workspaces, eq(workspaces.parentWorkspaceId, input.parentId)),
    });
    let ws: WorkspaceRow;
    try {
      ws = await insertWorkspace(tx, { id: newId(), name, plan: 'free', parentWorkspaceId: input.parentId, slug: input.slug }, input.slug !== undefined);
    } catch (error) {
      if ((error as { code?: string }).code === 'SLUG_TAKEN' || isUniqueViolation(error)) throw taken('slug', `Slug "${input.slug}" is already taken`);
      throw error;
    }
    await copyOwners(tx, input.parentId, ws.id);
    // the caller is normally one of the copied owners; a failed insert would abort the transaction
    if (!(await membershipRole(tx, ws.id, input.userId))) await addMember(tx, ws.id, input.userId, 'owner');
    await recordAudit({
      db: tx,
      workspaceId: input.parentId,
      userId: input.userId,
      action: 'client.create',
      details: { id: ws.id, name: ws.name, slug: ws.slug },
    });
    return { id: ws.id, name: ws.name, slug: ws.slug, plan: 'free' as const, parent_workspace_id: input.parentId };
  });
}

export async function listClientWorkspaces(db: Db, parentId: string) {
  return db.select().from(workspaces).where(eq(workspaces.parentWorkspaceId, parentId)).orderBy(workspaces.createdAt);
}

/** The workspaces the user is a member of, with the user's role in each, oldest first. */
async function workspacesOfMember(db: Db, userId: string) {
  const mine = await membershipsOfUser(db, userId);
  if (!mine.length) return [];
  const roles = new Map(mine.map((m) => [m.workspaceId, m.role]));
  const rows = await db
    .select()
    .from(workspaces)
    .where(inArray(workspaces.id, [...roles.keys()]))
    .orderBy(workspaces.createdAt);
  return rows.map((row) => ({ row, role: roles.get(row.id)! }));
}

export async function listWorkspacesOfUser(db: Db, userId: string) {
  const mine = await workspacesOfMember(db, userId);
  const counts = await memberCounts(
    db,
    mine.map(({ row }) => row.id),
  );
  return mine.map(({ row: w, role }) => ({
    id: w.id,
    name: w.name,
    plan: w.plan,
    role,
    member_count: counts.get(w.id) ?? 0,
    created_at: iso(w.createdAt),
  }));
}

/** What the dashboard needs to list and switch workspaces (agency client workspaces included where a member). */
export async function dashboardWorkspaces(db: Db, userId: string) {
  const mine = await workspacesOfMember(db, userId);
  return mine.map(({ row: w, role }) => ({ id: w.id, name: w.name, slug: w.slug, plan: w.plan, role, parent_workspace_id: w.parentWorkspaceId }));
}

/**
 * The GA4 API secret and the Meta access token are kept sealed with the instance's secrets key,
 * each bound to its workspace and field: the database alone sends nothing on a workspace's behalf.
 */
const ANALYTICS_SECRETS = { gaApiSecret: 'ga_api_secret', fbAccessToken: 'fb_access_token' } as const;
type AnalyticsSecret = keyof typeof ANALYTICS_SECRETS;
const sealContext = (workspaceId: string, field: AnalyticsSecret) => `workspace:${workspaceId}:${ANALYTICS_SECRETS[field]}`;
const sealAnalyticsSecret = (deps: Pick<Deps, 'secrets'>, workspaceId: string, field: AnalyticsSecret, plain: string | null) =>
  plain === null ? null : deps.secrets.seal(plain, sealContext(workspaceId, field));

/** A stored analytics secret in clear; one sealed under another key reads as unset (logged: forwarding stops until it is entered again). */
function openAnalyticsSecret(deps: Pick<Deps, 'secrets' | 'log'>, row: WorkspaceRow, field: AnalyticsSecret): string | null {
  const stored = row[field];
  if (stored === null) return null;
  const plain = openStored(deps.secrets, stored, sealContext(row.id, field));
  if (plain === undefined)
    deps.log.warn({ workspace_id: row.id, field: ANALYTICS_SECRETS[field] }, `analytics secret ${SEALED_ELSEWHERE}: enter it again in the workspace settings`);
  return plain ?? null;
}

/** The workspace's analytics destinations with their secrets in clear, for the jobs that forward clicks and conversions. */
export async function analyticsAccounts(deps: Pick<Deps, 'db' | 'secrets' | 'log'>, workspaceId: string) {
  const row = await getWorkspaceRow(deps.db, workspaceId);
  return (
    row && {
      gaId: row.gaId,
      gaApiSecret: openAnalyticsSecret(deps, row, 'gaApiSecret'),
      fbPixelId: row.fbPixelId,
      fbAccessToken: openAnalyticsSecret(deps, row, 'fbAccessToken'),
    }
  );
}

/** Seals the analytics secrets written in clear before they were sealed (once, at start; reads take either meanwhile). */
export async function sealPlainAnalyticsSecrets(deps: Pick<Deps, 'db' | 'secrets' | 'log'>) {
  const rows = await deps.db
    .select({ id: workspaces.id, gaApiSecret: workspaces.gaApiSecret, fbAccessToken: workspaces.fbAccessToken })
    .from(workspaces)
    .where(or(sql`${workspaces.gaApiSecret} is not null`, sql`${workspaces.fbAccessToken} is not null`));
  let sealed = 0;
  for (const row of rows)
    for (const field of Object.keys(ANALYTICS_SECRETS) as AnalyticsSecret[]) {
      const stored = row[field];
      if (stored === null || isSealed(stored)) continue;
      await deps.db
        .update(workspaces)
        .set({ [field]: sealAnalyticsSecret(deps, row.id, field, stored) })
        .where(and(eq(workspaces.id, row.id), eq(workspaces[field], stored)));
      sealed++;
    }
  if (sealed) deps.log.info({ secrets: sealed }, 'analytics secrets sealed with the secrets key');
}

/** A workspace as the API answers it. Secrets of analytics integrations are shown to admins and owners only. */
export async function workspaceView(deps: Pick<Deps, 'db' | 'secrets' | 'log'>, row: WorkspaceRow, role: Role) {
  const counts = await memberCounts(deps.db, [row.id]);
  const secret = (field: AnalyticsSecret) => (row[field] === null ? null : roleAtLeast(role, 'admin') ? openAnalyticsSecret(deps, row, field) : '********');
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    plan: row.plan,
    ga_id: row.gaId,
    ga_api_secret: secret('gaApiSecret'),
    fb_pixel_id: row.fbPixelId,
    fb_access_token: secret('fbAccessToken'),
    retargeting_scripts: row.retargetingScripts ?? null,
    default_utm_params: row.defaultUtmParams ?? null,
    parent_workspace_id: row.parentWorkspaceId,
    member_count: counts.get(row.id) ?? 0,
    created_at: iso(row.createdAt),
    ...(row.governance ? { governance: row.governance } : {}),
    expired_page_url: row.expiredPageUrl ?? '',
    track_conversions_default: row.trackConversionsDefault,
    attribution_window_days: row.attributionWindowDays,
  };
}

export interface WorkspacePatch {
  name?: string;
  ga_id?: string | null;
  ga_api_secret?: string | null;
  fb_pixel_id?: string | null;
  fb_access_token?: string | null;
  retargeting_scripts?: string[] | null;
  default_utm_params?: Record<string, string> | null;
  governance?: unknown;
  expired_page_url?: string | null;
  track_conversions_default?: boolean;
  attribution_window_days?: number;
}

const SECRET_FIELDS = new Set(['ga_api_secret', 'fb_access_token']);

export async function updateWorkspace(deps: Deps, ws: { id: string; plan: Plan }, userId: string, patch: WorkspacePatch) {
  const set: Partial<typeof workspaces.$inferInsert> = {};
  const fields = Object.keys(patch).filter((k) => (patch as Record<string, unknown>)[k] !== undefined);
  if (!fields.length) throw badRequest('No updates provided');
  if (patch.name !== undefined) {
    if (patch.name === null || !patch.name.trim()) throw badRequest('name cannot be empty', { field: 'name', code: 'required' });
    set.name = patch.name.trim();
  }
  if (patch.retargeting_scripts !== undefined) {
    if (patch.retargeting_scripts !== null) {
      const bad = patch.retargeting_scripts.findIndex((u) => !isHttpUrl(u));
      if (bad >= 0)
        throw badRequest(`Invalid retargeting script URL: ${String(patch.retargeting_scripts[bad]).slice(0, 200)}`, { field: `retargeting_scripts.${bad}` });
      if (!hasFeature(ws.plan, 'retargeting_scripts')) throw paymentRequired(featureMessage('retargeting_scripts'));
    }
    set.retargetingScripts = patch.retargeting_scripts;
  }
  if (patch.governance !== undefined) {
    if (patch.governance !== null) {
      const policy = parseGovernancePolicy(patch.governance);
      if (!hasFeature(ws.plan, 'governance')) throw paymentRequired(featureMessage('governance'));
      set.governance = policy as Record<string, unknown>;
    } else set.governance = null;
  }
  if (patch.expired_page_url !== undefined) {
    if (patch.expired_page_url !== null && patch.expired_page_url !== '' && !isHttpUrl(patch.expired_page_url))
      throw invalid('expired_page_url', 'expected an http(s) URL');
    set.expiredPageUrl = patch.expired_page_url || null;
  }
  if (patch.track_conversions_default !== undefined) {
    if (patch.track_conversions_default && !hasFeature(ws.plan, 'conversions')) throw paymentRequired(featureMessage('conversions'));
    set.trackConversionsDefault = patch.track_conversions_default;
  }
  if (patch.attribution_window_days !== undefined) set.attributionWindowDays = patch.attribution_window_days;
  if (patch.default_utm_params !== undefined) set.defaultUtmParams = patch.default_utm_params;
  if (patch.ga_id !== undefined) set.gaId = patch.ga_id;
  if (patch.ga_api_secret !== undefined) set.gaApiSecret = sealAnalyticsSecret(deps, ws.id, 'gaApiSecret', patch.ga_api_secret);
  if (patch.fb_pixel_id !== undefined) set.fbPixelId = patch.fb_pixel_id;
  if (patch.fb_access_token !== undefined) set.fbAccessToken = sealAnalyticsSecret(deps, ws.id, 'fbAccessToken', patch.fb_access_token);

  await deps.db.transaction(async (tx) => {
    await tx.update(workspaces).set(set).where(eq(workspaces.id, ws.id));
    const changes = Object.fromEntries(fields.map((f) => [f, SECRET_FIELDS.has(f) ? '[redacted]' : (patch as Record<string, unknown>)[f]]));
    await recordAudit({ db: tx, workspaceId: ws.id, userId, action: 'workspace.update', details: { changes } });
  });
  await workspaceChanged(deps, ws.id);
}

/**
 * Permanently deletes the workspace and, by foreign-key cascade in one transaction, its links,
 * clicks, domains, members, keys, audit log and usage. The `workspace.delete` entry goes to the
 * parent's log for a client workspace (its own log is deleted with it) and to the server log.
 */
export async function deleteWorkspace(deps: Deps, ws: { id: string; parentWorkspaceId: string | null; name: string }, userId: string) {
  const stale = await deps.db.transaction(async (tx) => {
    if (ws.parentWorkspaceId) {
      await recordAudit({ db: tx, workspaceId: ws.parentWorkspaceId, userId, action: 'workspace.delete', details: { id: ws.id, name: ws.name } });
    }
    // its client workspaces stay, without a parent (ON DELETE SET NULL): the agency's keys lose them;
    // its keys go with it, and no process may keep accepting them from its key cache
    const clients = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.parentWorkspaceId, ws.id));
    const cacheKeys = await workspaceKeyCacheKeys(tx, ws.id);
    await tx.execute(sql`select set_config('linkhop.purge', 'on', true)`);
    const deleted = await tx.delete(workspaces).where(eq(workspaces.id, ws.id)).returning({ id: workspaces.id });
    if (!deleted.length) throw notFound('Workspace');
    return { formerClients: clients.map((c) => c.id), cacheKeys };
  });
  deps.log.info({ audit: 'workspace.delete', workspaceId: ws.id, userId }, 'workspace deleted');
  await workspaceChanged(deps, ws.id, stale);
}

/**
 * The operator's plan change, audited in the workspace's log as `workspace.plan` by `by`: the
 * operator's user id (console), or `operator` (the operator token, which names nobody).
 */
/** Sets the plan (audited in the workspace's log); the plan it had before. */
export async function setWorkspacePlan(deps: Deps, workspaceId: string, plan: Plan, by: string): Promise<Plan> {
  if (!PLANS.includes(plan)) throw invalid('plan', `expected one of ${PLANS.join(', ')}`);
  const from = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
    if (!before) throw notFound('Workspace');
    await tx.update(workspaces).set({ plan }).where(eq(workspaces.id, workspaceId));
    await recordAudit({ db: tx, workspaceId, userId: by, action: 'workspace.plan', details: { from: before.plan, to: plan } });
    return before.plan;
  });
  await workspaceChanged(deps, workspaceId);
  return from;
}

/** Every workspace of the instance, newest first, a page at a time (the operator console); `search`: in its name or slug, or its id. */
export async function listAllWorkspaces(db: DbOrTx, page: { limit: number; offset: number; search?: string }) {
  const search = page.search?.trim().toLowerCase();
  const where = search ? or(containsText(workspaces.name, search), containsText(workspaces.slug, search), eq(workspaces.id, page.search!.trim())) : undefined;
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      parentWorkspaceId: workspaces.parentWorkspaceId,
      createdAt: workspaces.createdAt,
    })
    .from(workspaces)
    .where(where)
    .orderBy(desc(workspaces.createdAt), workspaces.id)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(workspaces).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
