import { domainToASCII } from 'node:url';
import type { Deps } from '../../core/deps';
import { type ApiError, badRequest, type ErrorCode } from '../../core/errors';
import { canonicalHostname } from '../../core/hosts';
import type { LinkBeforeCreate } from '../../core/hooks';
import { hasFeature } from '../../core/plans';
import { parseExpiresAt } from '../links';
import { getWorkspaceRow, type GovernancePolicy } from '../workspaces';

const DAY_MS = 86_400_000;
const POLICY_CACHE_MS = 5 * 60_000;

/** What a create is checked against: the stored policy and the default UTM parameters that fill new links. */
export interface WorkspaceRules {
  policy: GovernancePolicy | null;
  defaultUtmParams: Record<string, string> | null;
}

export const rulesCacheKey = (workspaceId: string) => `governance:${workspaceId}`;

/** The workspace's policy, cached; `workspace.changed` (every PATCH, plan change, delete) drops the entry. */
export async function workspaceRules(deps: Deps, workspaceId: string): Promise<WorkspaceRules> {
  const rules = await deps.cache.readThrough<WorkspaceRules>(rulesCacheKey(workspaceId), POLICY_CACHE_MS, async () => {
    const row = await getWorkspaceRow(deps.db, workspaceId);
    return { policy: (row?.governance as GovernancePolicy | null) ?? null, defaultUtmParams: row?.defaultUtmParams ?? null };
  });
  return rules!;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const asciiHost = (host: string) => domainToASCII(host.toLowerCase().replace(/\.$/, '')) || host.toLowerCase();

/** `host` is `domain` or one of its subdomains. */
const withinDomain = (host: string, domain: string) => {
  const d = asciiHost(domain);
  return host === d || host.endsWith(`.${d}`);
};

/**
 * The UTM parameters the link will be stored with: its own when it has any, else the workspace's
 * `default_utm_params` (the links module applies them the same way). So `require_utm` is met by
 * defaults that carry source and medium: the stored link is what the policy is about.
 */
function effectiveUtm(link: Record<string, unknown>, defaults: Record<string, string> | null): Record<string, unknown> {
  const own = isObject(link.utm_params) ? link.utm_params : null;
  if (own && Object.values(own).some(filled)) return own;
  return defaults ?? {};
}

/**
 * The first rule of `policy` the link breaks, as the 400 message, or null. Sees the create body
 * before field validation: a target or expires_at that does not parse is left to that validation
 * (it answers 400 with its own message) instead of being reported as a policy breach.
 */
/** A link field the policy refuses (governance messages name the policy, not the field). */
const refusal = (field: string, message: string, code: ErrorCode = 'invalid') => badRequest(message, { field, code });

export function policyViolation(
  policy: GovernancePolicy,
  link: Record<string, unknown>,
  defaultUtm: Record<string, string> | null,
  now = Date.now(),
): ApiError | null {
  let host: string | null = null;
  try {
    if (typeof link.target === 'string') host = asciiHost(canonicalHostname(new URL(link.target)));
  } catch {}
  // allowed_domains takes precedence over blocked_domains; an empty list is no list
  if (host !== null && policy.allowed_domains?.length) {
    if (!policy.allowed_domains.some((d) => withinDomain(host!, d)))
      return refusal('target', 'Governance: this workspace policy only allows links to approved domains (allowed_domains)');
  } else if (host !== null && policy.blocked_domains?.some((d) => withinDomain(host!, d))) {
    return refusal('target', `Governance: target domain blocked (${host} is in blocked_domains)`);
  }
  if (policy.require_utm) {
    const utm = effectiveUtm(link, defaultUtm);
    if (!filled(utm.source) || !filled(utm.medium))
      return refusal('utm_params', 'Governance: UTM parameters (source and medium) are required (require_utm)', 'required');
  }
  if (policy.require_tags && !(Array.isArray(link.tags) && link.tags.length > 0))
    return refusal('tags', 'Governance: at least one tag is required (require_tags)', 'required');
  if (policy.require_title && !filled(link.title)) return refusal('title', 'Governance: a title is required (require_title)', 'required');
  if (policy.max_expiry_days !== undefined) {
    const days = policy.max_expiry_days;
    const message = `Governance: expiry must be set and within ${days} days (max_expiry_days)`;
    if (link.expires_at === undefined || link.expires_at === null || link.expires_at === '') return refusal('expires_at', message, 'required');
    let expires: Date;
    try {
      expires = parseExpiresAt(link.expires_at);
    } catch {
      return null;
    }
    if (expires.getTime() > now + days * DAY_MS) return refusal('expires_at', message);
  }
  return null;
}

/**
 * The `link.beforeCreate` handler: single create, bulk items, CSV import rows and MCP creates.
 * Enforced only while the plan has the feature (Team/Agency): a downgraded workspace keeps its
 * stored policy, unenforced, until it upgrades again — the same gate as setting it.
 */
export async function enforceGovernance(deps: Deps, ctx: LinkBeforeCreate): Promise<void> {
  if (!hasFeature(ctx.plan, 'governance')) return;
  const { policy, defaultUtmParams } = await workspaceRules(deps, ctx.workspaceId);
  if (!policy) return;
  const violation = policyViolation(policy, ctx.link, defaultUtmParams);
  if (violation) throw violation;
}
