import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { ApiError, badRequest, conflict, isUniqueViolation, notFound } from '../../core/errors';
import { iso, newId } from '../../core/format';
import { assertWithinPlanLimit } from '../../core/plan-limits';
import { planAtLeast, FEATURE_MIN_PLAN, RATE_LIMITS, type Plan, type Role } from '../../core/plans';
import { recordAudit } from '../audit';
import { domainFormatError, lookupVerification, txtName, txtRecord } from '../domains';
import { addMember, lockMembership, memberCounts, membershipRole, type User } from '../members';
import { getWorkspaceRow } from '../workspaces';
import { ssoDomains } from './schema';

type SsoDomainRow = typeof ssoDomains.$inferSelect;
/** a captured domain joins below owner (the request schema allows only these) */
type JoinRole = Exclude<Role, 'owner'>;

export interface Caller {
  workspaceId: string;
  userId: string;
}

const item = (row: SsoDomainRow) => ({
  id: row.id,
  domain: row.domain,
  verified: row.verifiedAt !== null,
  default_role: row.defaultRole as JoinRole,
  sso_required: row.ssoRequired,
  txt_name: txtName(row.domain),
  txt_record: txtRecord(row.verifyToken),
  created_at: iso(row.createdAt),
});
export type SsoDomainItem = ReturnType<typeof item>;

const domainOfEmail = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

async function getOwn(db: DbOrTx, workspaceId: string, id: string): Promise<SsoDomainRow> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.id, id), eq(ssoDomains.workspaceId, workspaceId)));
  if (!row) throw notFound('SSO domain');
  return row;
}

export async function listSsoDomains(db: DbOrTx, workspaceId: string): Promise<SsoDomainItem[]> {
  const rows = await db.select().from(ssoDomains).where(eq(ssoDomains.workspaceId, workspaceId)).orderBy(asc(ssoDomains.createdAt), asc(ssoDomains.id));
  return rows.map(item);
}

/** Claims an e-mail domain for the workspace; it captures nobody until its TXT record is verified. */
export async function addSsoDomain(deps: Deps, caller: Caller, input: { domain: string; default_role?: JoinRole; sso_required?: boolean }) {
  const domain = input.domain.trim();
  const invalid = domainFormatError(domain, deps.config);
  if (invalid) throw badRequest(invalid);
  const defaultRole = input.default_role ?? 'viewer';
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ssoDomains)
        .values({
          id: newId(),
          workspaceId: caller.workspaceId,
          domain,
          verifyToken: randomBytes(16).toString('hex'),
          defaultRole,
          ssoRequired: input.sso_required ?? false,
        })
        .returning();
      await recordAudit({ db: tx, workspaceId: caller.workspaceId, userId: caller.userId, action: 'sso_domain.add', details: { id: row!.id, domain } });
      return item(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${domain} is already an SSO domain of this workspace`);
    throw error;
  }
}

/**
 * One verification attempt (1 per 10 s per domain, as for custom domains): the TXT record at
 * `_linkhop.<domain>` (or the domain itself). A domain another workspace verified first is a 409.
 */
export async function verifySsoDomain(deps: Deps, caller: Caller, id: string) {
  const row = await getOwn(deps.db, caller.workspaceId, id);
  await deps.limiter.consume('domainVerify', `sso:${row.id}`, RATE_LIMITS.domainVerify);
  const expected = txtRecord(row.verifyToken);
  const found = await lookupVerification(deps.config.dnsServers, row.domain, expected, deps.config.cnameTarget);
  if (found.txt && !row.verifiedAt) {
    try {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(ssoDomains)
          .set({ verifiedAt: new Date(deps.now()) })
          .where(eq(ssoDomains.id, row.id));
        await recordAudit({
          db: tx,
          workspaceId: caller.workspaceId,
          userId: caller.userId,
          action: 'sso_domain.verify',
          details: { id: row.id, domain: row.domain },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${row.domain} is already verified by another workspace`);
      throw error;
    }
  }
  if (found.txt || row.verifiedAt) return { verified: true };
  const txtAnswers = found.answers.flatMap((a) => (a.type === 'TXT' ? [{ ...a, type: 'TXT' as const }] : []));
  return { verified: false, txt_name: txtName(row.domain), expected_txt: expected, dns_answers: txtAnswers };
}

export async function updateSsoDomain(deps: Deps, caller: Caller, id: string, patch: { default_role?: JoinRole; sso_required?: boolean }) {
  const changes: Partial<SsoDomainRow> = {};
  if (patch.default_role !== undefined) changes.defaultRole = patch.default_role;
  if (patch.sso_required !== undefined) changes.ssoRequired = patch.sso_required;
  if (!Object.keys(changes).length) throw badRequest('Nothing to change: send default_role and/or sso_required');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(ssoDomains)
      .set(changes)
      .where(and(eq(ssoDomains.id, id), eq(ssoDomains.workspaceId, caller.workspaceId)))
      .returning();
    if (!row) throw notFound('SSO domain');
    await recordAudit({
      db: tx,
      workspaceId: caller.workspaceId,
      userId: caller.userId,
      action: 'sso_domain.update',
      details: { id, domain: row.domain, ...patch },
    });
    return item(row);
  });
}

/** Removing a domain stops its capture and its "SSO required"; who joined through it stays a member. */
export async function removeSsoDomain(deps: Deps, caller: Caller, id: string) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(ssoDomains)
      .where(and(eq(ssoDomains.id, id), eq(ssoDomains.workspaceId, caller.workspaceId)))
      .returning();
    if (!row) throw notFound('SSO domain');
    await recordAudit({ db: tx, workspaceId: caller.workspaceId, userId: caller.userId, action: 'sso_domain.remove', details: { id, domain: row.domain } });
  });
}

/** The verified capture of the address's domain, while its workspace is on a plan with domain capture. */
async function captureOf(db: DbOrTx, email: string): Promise<{ row: SsoDomainRow; plan: Plan; name: string } | null> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domainOfEmail(email)), isNotNull(ssoDomains.verifiedAt)));
  const ws = row && (await getWorkspaceRow(db, row.workspaceId));
  if (!row || !ws || !planAtLeast(ws.plan, FEATURE_MIN_PLAN.sso_domains)) return null;
  return { row, plan: ws.plan, name: ws.name };
}

/** Whether the address's domain is captured with "SSO required": its e-mail sign-in link is refused. */
export async function ssoRequiredFor(db: DbOrTx, email: string): Promise<boolean> {
  return (await captureOf(db, email))?.row.ssoRequired ?? false;
}

/** Whether a single sign-on with this address may create its account (its domain is captured). */
export async function isCapturedAddress(db: DbOrTx, email: string): Promise<boolean> {
  return (await captureOf(db, email)) !== null;
}

export interface Admission {
  workspaceId: string;
  user: User;
  role: Role;
}

/**
 * In the sign-in's transaction: a person signing in by single sign-on with an address of a captured
 * domain joins its workspace with the domain's default role (audited `member.join_by_domain`) unless
 * already a member. A full workspace (members plus pending invites at the plan's limit) is refused in words.
 * The caller emits `member.added` after commit (announceAdmission).
 */
export async function admitByDomainCapture(tx: Tx, user: User): Promise<Admission | null> {
  const capture = await captureOf(tx, user.email);
  if (!capture) return null;
  const workspaceId = capture.row.workspaceId;
  await lockMembership(tx, workspaceId);
  if (await membershipRole(tx, workspaceId, user.id)) return null;
  const members = (await memberCounts(tx, [workspaceId])).get(workspaceId) ?? 0;
  try {
    assertWithinPlanLimit('members', capture.plan, members);
  } catch {
    throw new ApiError(402, `The workspace ${capture.name} has no free seat for ${user.email}: ask its owner`);
  }
  const role = capture.row.defaultRole as Role;
  await addMember(tx, workspaceId, user.id, role);
  await recordAudit({
    db: tx,
    workspaceId,
    userId: user.id,
    action: 'member.join_by_domain',
    details: { email: user.email, domain: capture.row.domain, role },
  });
  return { workspaceId, user, role };
}

export function announceAdmission(deps: Deps, admission: Admission): void {
  void deps.bus.emit('member.added', {
    workspaceId: admission.workspaceId,
    userId: admission.user.id,
    data: { user_id: admission.user.id, email: admission.user.email, role: admission.role },
  });
}
