import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { customAlphabet } from 'nanoid';
import type { KeyActor } from '../../core/access';
import type { Cache } from '../../core/cache';
import type { Db, DbOrTx, Tx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { iso, newId } from '../../core/format';
import { sha256Hex } from '../../core/secrets';
import { withinPlanLimit } from '../../core/plan-limits';
import type { Plan, Role } from '../../core/plans';
import { recordAudit } from '../audit';
import { getUser, hasProvenMailbox, memberRoles, refusedForLackOfProof } from '../members';
import { apiKeys } from './schema';

const randomPart = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 40);
export const generateApiKey = () => `lh_${randomPart()}`;
export const hashApiKey = sha256Hex;

export interface CreatedKey {
  id: string;
  name: string;
  role: Role;
  key: string;
}

/** A new key within the workspace's key limit, counted in the inserting transaction. */
export async function createApiKey(
  tx: Tx,
  input: {
    workspaceId: string;
    userId: string;
    plan: Plan;
    name?: string;
    role: Role;
    audit: boolean;
    followsMembership?: boolean;
    /** the credential of the request making the key was itself made without mailbox proof */
    byCredentialWithoutProof?: boolean;
  },
): Promise<CreatedKey> {
  await withinPlanLimit(tx, {
    resource: 'apiKeys',
    scopeId: input.workspaceId,
    plan: input.plan,
    count: () => tx.$count(apiKeys, eq(apiKeys.workspaceId, input.workspaceId)),
  });
  const key = generateApiKey();
  const row = {
    id: newId(),
    workspaceId: input.workspaceId,
    userId: input.userId,
    name: input.name?.trim() || 'API Key',
    role: input.role,
    followsMembership: input.followsMembership ?? false,
    withoutProof: Boolean(input.byCredentialWithoutProof) || !(await hasProvenMailbox(tx, input.userId, { lock: true })),
    keyHash: hashApiKey(key),
    prefix: key.slice(0, 7),
  };
  await tx.insert(apiKeys).values(row);
  if (input.audit) {
    await recordAudit({
      db: tx,
      workspaceId: input.workspaceId,
      userId: input.userId,
      action: 'api_key.create',
      details: { id: row.id, name: row.name, role: row.role },
    });
  }
  return { id: row.id, name: row.name, role: input.role, key };
}

/** A key that follows its user's membership shows the role it acts with now. */
export async function listApiKeys(db: Db, workspaceId: string) {
  const [rows, roles] = await Promise.all([
    db.select().from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId)).orderBy(desc(apiKeys.createdAt)),
    memberRoles(db, workspaceId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: (r.followsMembership ? (roles.get(r.userId) ?? r.role) : r.role) as Role,
    prefix: r.prefix,
    created_at: iso(r.createdAt),
    last_used_at: iso(r.lastUsedAt),
  }));
}

export async function deleteApiKey(deps: Pick<Deps, 'db' | 'cache' | 'bus'>, input: { workspaceId: string; keyId: string; userId: string }) {
  const { db, cache } = deps;
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.workspaceId, input.workspaceId)))
      .returning();
    if (!row) throw notFound('API key');
    await recordAudit({ db: tx, workspaceId: input.workspaceId, userId: input.userId, action: 'api_key.delete', details: { id: row.id, name: row.name } });
    // queued: it runs once the transaction committed, before this returns (core/after-commit.ts)
    await cache.invalidate(apiKeyCacheKey(row.keyHash));
    return row;
  });
  void deps.bus.emit('api_key.deleted', { workspaceId: input.workspaceId, userId: input.userId, data: { id: deleted.id, name: deleted.name } });
}

const apiKeyCacheKey = (hash: string) => `apikey:${hash}`;

/**
 * The user's first mailbox-proven sign-in: every key made for them before (by an invite token, or by a
 * session or key that had no proof) is deleted, each with its `api_key.delete` audit entry. Returns
 * the keys' cache entries, for the caller to drop after commit.
 */
export async function deleteKeysWithoutProof(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .delete(apiKeys)
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.withoutProof, true)))
    .returning();
  for (const row of rows) {
    await recordAudit({
      db: tx,
      workspaceId: row.workspaceId,
      userId,
      action: 'api_key.delete',
      details: { id: row.id, name: row.name, reason: 'made_without_mailbox_proof' },
    });
  }
  return rows.map((r) => apiKeyCacheKey(r.keyHash));
}

/** The cache entries of a workspace's keys: its deletion (keys go by cascade) drops them everywhere after commit. */
export async function workspaceKeyCacheKeys(db: DbOrTx, workspaceId: string): Promise<string[]> {
  const rows = await db.select({ hash: apiKeys.keyHash }).from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId));
  return rows.map((r) => apiKeyCacheKey(r.hash));
}

const LAST_USED_EVERY_MS = 60_000;

/**
 * API key → actor. Looked up by the key's SHA-256 (the hash compared in constant time), cached
 * briefly in process; `last_used_at` is written at most once a minute per key, off the request path.
 */
export function createAuthenticator(db: Db, cache: Cache) {
  const lastWritten = new Map<string, number>();
  return async function authenticate(raw: string): Promise<KeyActor | null> {
    if (!raw.startsWith('lh_') || raw.length > 100) return null;
    const hash = hashApiKey(raw);
    const cacheKey = apiKeyCacheKey(hash);
    // `remember` keeps no row that a deletion's invalidation went by while it was read: a revoked key
    // is refused from the moment its DELETE answers, in every process
    const entry = await cache.remember<KeyActor & { hash: string }>(
      cacheKey,
      30_000,
      async () => {
        const [row] = await db
          .select({
            id: apiKeys.id,
            workspaceId: apiKeys.workspaceId,
            userId: apiKeys.userId,
            role: apiKeys.role,
            followsMembership: apiKeys.followsMembership,
            withoutProof: apiKeys.withoutProof,
            keyHash: apiKeys.keyHash,
          })
          .from(apiKeys)
          .where(eq(apiKeys.keyHash, hash));
        const user = row && !(await refusedForLackOfProof(db, row)) && (await getUser(db, row.userId));
        return row && user
          ? {
              via: 'key',
              userId: row.userId,
              email: user.email,
              keyId: row.id,
              keyWorkspaceId: row.workspaceId,
              keyRole: row.followsMembership ? null : (row.role as Role),
              withoutProof: row.withoutProof,
              hash: row.keyHash,
            }
          : null;
      },
      { nullTtlMs: 2_000 },
    );
    if (!entry || !timingSafeEqual(Buffer.from(entry.hash), Buffer.from(hash))) return null;
    const now = Date.now();
    if ((lastWritten.get(entry.keyId) ?? 0) + LAST_USED_EVERY_MS < now) {
      lastWritten.set(entry.keyId, now);
      db.update(apiKeys)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(apiKeys.id, entry.keyId))
        .catch(() => {});
    }
    const { hash: _hash, ...actor } = entry;
    return actor;
  };
}
