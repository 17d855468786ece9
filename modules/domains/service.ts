import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../core/config';
import type { DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { badRequest, notFound, taken } from '../../core/errors';
import { iso, newId } from '../../core/format';
import { withinPlanLimit } from '../../core/plan-limits';
import { RATE_LIMITS, type Plan } from '../../core/plans';
import { recordAudit } from '../audit';
import { type DnsAnswer, lookupVerification, txtName } from './dns';
import { domains } from './schema';
import { givenSlot } from '../../core/given';

export interface DomainRef {
  id: string;
  workspaceId: string;
  domain: string;
  verified: boolean;
}

const columns = { id: domains.id, workspaceId: domains.workspaceId, domain: domains.domain, verified: domains.verified };

/** A custom domain of this workspace by hostname (links may only use their workspace's domains). */
export async function getWorkspaceDomain(db: DbOrTx, workspaceId: string, hostname: string): Promise<DomainRef | null> {
  const [row] = await db
    .select(columns)
    .from(domains)
    .where(and(eq(domains.workspaceId, workspaceId), eq(domains.domain, hostname.toLowerCase())));
  return row ?? null;
}

/** The custom domain a request's Host names, whatever its workspace (redirects). */
export async function getDomainByHost(db: DbOrTx, host: string): Promise<DomainRef | null> {
  const [row] = await db.select(columns).from(domains).where(eq(domains.domain, host.toLowerCase()));
  return row ?? null;
}

const BRAND = 'linkhop';
export const txtRecord = (token: string) => `${BRAND}-verify=${token}`;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Why `domain` cannot be a custom domain, or null when it can: a lowercase hostname of at least
 * two labels (no scheme, port, path or trailing dot), not an IP address, not one of our own hosts.
 */
export function domainFormatError(domain: string, config: Pick<Config, 'defaultDomain' | 'siteHost' | 'cnameTarget'>): string | null {
  if (domain.length > 253) return 'Invalid domain: at most 253 characters';
  if (domain !== domain.toLowerCase()) return 'Invalid domain: use lowercase letters';
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) {
    return 'Invalid domain format: expected a hostname like links.example.com (letters, digits and hyphens; no scheme, port or path)';
  }
  if (/^[0-9]+$/.test(labels.at(-1)!)) return 'Invalid domain: IP addresses cannot be custom domains';
  const ours = [config.defaultDomain, config.siteHost, config.cnameTarget].map((h) => h.toLowerCase().replace(/:\d+$/, ''));
  if (ours.includes(domain)) return `Invalid domain: ${domain} is a domain of this service`;
  return null;
}

type DomainRow = typeof domains.$inferSelect;

async function getOwnDomain(db: DbOrTx, workspaceId: string, domainId: string): Promise<DomainRow> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.workspaceId, workspaceId)));
  if (!row) throw notFound('Domain');
  return row;
}

export interface Caller {
  workspaceId: string;
  userId: string;
}

// The domain.added / domain.verified / domain.removed events, emitted after commit, are also
// what makes the redirect module drop its cached copy of the host.

export async function addDomain(deps: Deps, caller: Caller & { plan: Plan }, domain: string) {
  const invalid = domainFormatError(domain, deps.config);
  if (invalid) throw badRequest(invalid, { field: 'domain', code: domain.length > 253 ? 'too_long' : 'invalid' });
  const row = await deps.db.transaction(async (tx) => {
    await withinPlanLimit(tx, {
      resource: 'customDomains',
      scopeId: caller.workspaceId,
      plan: caller.plan,
      count: () => tx.$count(domains, eq(domains.workspaceId, caller.workspaceId)),
    });
    const [inserted] = await tx
      .insert(domains)
      .values({ id: newId(), workspaceId: caller.workspaceId, domain, verifyToken: randomBytes(16).toString('hex') })
      .onConflictDoNothing({ target: domains.domain })
      .returning();
    if (!inserted) throw taken('domain', `Domain ${domain} is already registered`);
    await recordAudit({ db: tx, workspaceId: caller.workspaceId, userId: caller.userId, action: 'domain.add', details: { id: inserted.id, domain } });
    return inserted;
  });
  await deps.bus.run('domain.changed', { domain });
  deps.bus.emit('domain.added', { workspaceId: caller.workspaceId, userId: caller.userId, data: { id: row.id, domain } });
  return { id: row.id, domain, verified: false, txt_name: txtName(domain), txt_record: txtRecord(row.verifyToken), cname_target: deps.config.cnameTarget };
}

export async function listDomains(db: DbOrTx, workspaceId: string) {
  const rows = await db.select().from(domains).where(eq(domains.workspaceId, workspaceId)).orderBy(asc(domains.createdAt), asc(domains.id));
  return rows.map((r) => ({
    id: r.id,
    workspace_id: r.workspaceId,
    domain: r.domain,
    verified: r.verified ? 1 : 0,
    txt_name: txtName(r.domain),
    txt_record: txtRecord(r.verifyToken),
    created_at: iso(r.createdAt),
  }));
}

export type VerifyResult =
  | { verified: true; txt_verified: boolean; cname_verified: boolean }
  | {
      verified: false;
      txt_verified: false;
      cname_verified: boolean;
      txt_name: string;
      expected_txt: string;
      cname_target: string;
      dns_answers: DnsAnswer[];
    };

/**
 * One verification attempt (1 per 10 s per domain): looks the records up in DNS and marks the
 * domain verified when its TXT record is there. Every attempt is audited, failed lookups too.
 * A verified domain stays verified; the event fires only on the transition.
 */
export async function verifyDomain(deps: Deps, caller: Caller, domainId: string): Promise<VerifyResult> {
  const row = await getOwnDomain(deps.db, caller.workspaceId, domainId);
  await deps.limiter.consume('domainVerify', row.id, RATE_LIMITS.domainVerify);
  const expectedTxt = txtRecord(row.verifyToken);
  const audit = (db: DbOrTx, details: Record<string, unknown>) =>
    recordAudit({
      db,
      workspaceId: caller.workspaceId,
      userId: caller.userId,
      action: 'domain.verify',
      details: { id: row.id, domain: row.domain, ...details },
    });

  let found: Awaited<ReturnType<typeof lookupVerification>>;
  try {
    found = await lookupVerification(deps.config.dnsServers, row.domain, expectedTxt, deps.config.cnameTarget);
  } catch (error) {
    await audit(deps.db, { result: 'lookup_failed', error: (error as Error).message });
    throw error;
  }

  const becameVerified = await deps.db.transaction(async (tx) => {
    const changed = found.txt
      ? await tx
          .update(domains)
          .set({ verified: true, verifiedAt: new Date() })
          .where(and(eq(domains.id, row.id), eq(domains.verified, false)))
          .returning({ id: domains.id })
      : [];
    await audit(tx, { result: found.txt ? 'verified' : 'record_absent', txt_verified: found.txt, cname_verified: found.cname });
    return changed.length > 0;
  });
  if (becameVerified) {
    await deps.bus.run('domain.changed', { domain: row.domain });
    deps.bus.emit('domain.verified', { workspaceId: caller.workspaceId, userId: caller.userId, data: { id: row.id, domain: row.domain } });
  }
  if (found.txt || row.verified) return { verified: true, txt_verified: found.txt, cname_verified: found.cname };
  return {
    verified: false,
    txt_verified: false,
    cname_verified: found.cname,
    txt_name: txtName(row.domain),
    expected_txt: expectedTxt,
    cname_target: deps.config.cnameTarget,
    dns_answers: found.answers,
  };
}

/**
 * What domains needs of the links module: the links on a domain, counted, and deleted inside the
 * removal's transaction. The links module depends on this one (a link's domain must be one of its
 * workspace's), so it cannot be imported here: the links module gives its two functions (`domainLinks.give`).
 */
export interface DomainLinks {
  count(db: DbOrTx, workspaceId: string, domain: string): Promise<number>;
  /** deletes the links on the domain in `db` (the caller's transaction) and returns their cache keys */
  remove(db: DbOrTx, workspaceId: string, domain: string): Promise<string[]>;
}
export const domainLinks = givenSlot<DomainLinks>("the links module's count and removal of a domain's links");

/** Links of the workspace on this domain. */
export async function domainLinkCount(deps: Deps, workspaceId: string, domainId: string): Promise<number> {
  const row = await getOwnDomain(deps.db, workspaceId, domainId);
  return domainLinks.of(deps).count(deps.db, workspaceId, row.domain);
}

/** Deletes the domain and, in the same transaction, every link on it. */
export async function removeDomain(deps: Deps, caller: Caller, domainId: string) {
  const links = domainLinks.of(deps);
  const { row, linkKeys } = await deps.db.transaction(async (tx) => {
    const row = await getOwnDomain(tx, caller.workspaceId, domainId);
    const linkKeys = await links.remove(tx, caller.workspaceId, row.domain);
    const removed = await tx.delete(domains).where(eq(domains.id, row.id)).returning({ id: domains.id });
    if (!removed.length) throw notFound('Domain');
    await recordAudit({
      db: tx,
      workspaceId: caller.workspaceId,
      userId: caller.userId,
      action: 'domain.remove',
      details: { id: row.id, domain: row.domain, links_deleted: linkKeys.length },
    });
    return { row, linkKeys };
  });
  const linksDeleted = linkKeys.length;
  if (linksDeleted) await deps.cache.invalidate(...linkKeys);
  await deps.bus.run('domain.changed', { domain: row.domain });
  deps.bus.emit('domain.removed', {
    workspaceId: caller.workspaceId,
    userId: caller.userId,
    data: { id: row.id, domain: row.domain, links_deleted: linksDeleted },
  });
}

/** how long an answer to Caddy's `ask` is kept: a domain's change drops it at once (`domain.changed`) */
const TLS_ASK_TTL_MS = 60_000;
const TLS_ASK_NEGATIVE_TTL_MS = 10_000;
export const tlsAskCacheKey = (hostname: string) => `domains:tls:${hostname}`;

/**
 * Whether a TLS server (Caddy's on-demand TLS `ask`) may get a certificate for `hostname`: the default
 * domain, or a custom domain some workspace has verified. Anyone can make a TLS client send any name,
 * so answers, refusals too, come from the cache and every other name costs one indexed read.
 */
export async function mayHaveCertificate(deps: Deps, hostname: string): Promise<boolean> {
  const name = hostname.trim().toLowerCase().replace(/\.+$/, '');
  if (!name) return false;
  if (name === deps.config.defaultDomain.replace(/:\d+$/, '')) return true;
  const verified = await deps.cache.readThrough<true>(
    tlsAskCacheKey(name),
    TLS_ASK_TTL_MS,
    async () => ((await getDomainByHost(deps.db, name))?.verified ? true : null),
    { nullTtlMs: TLS_ASK_NEGATIVE_TTL_MS },
  );
  return verified === true;
}
