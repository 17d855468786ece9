import type { GovernancePolicy as Policy } from '../../../../workspaces';

/** The governance policy as the form holds it (spec: Governance policy object). */
export interface PolicyForm {
  requireUtm: boolean;
  requireTags: boolean;
  requireTitle: boolean;
  maxExpiryDays: string;
  domainMode: 'none' | 'blocked' | 'allowed';
  /** one domain a line */
  domains: string;
}

export type { GovernancePolicy as Policy } from '../../../../workspaces';

export function policyFormOf(policy: Policy | undefined): PolicyForm {
  const mode = policy?.allowed_domains?.length ? 'allowed' : policy?.blocked_domains?.length ? 'blocked' : 'none';
  return {
    requireUtm: policy?.require_utm ?? false,
    requireTags: policy?.require_tags ?? false,
    requireTitle: policy?.require_title ?? false,
    maxExpiryDays: policy?.max_expiry_days === undefined ? '' : String(policy.max_expiry_days),
    domainMode: mode,
    domains: (mode === 'allowed' ? policy!.allowed_domains! : mode === 'blocked' ? policy!.blocked_domains! : []).join('\n'),
  };
}

/** The policy to PATCH; a number field holding something else goes as typed, so the API's message says what is wrong. */
export function policyBody(form: PolicyForm): Policy {
  const days = form.maxExpiryDays.trim();
  const domains = form.domains
    .split('\n')
    .map((d) => d.trim())
    .filter(Boolean);
  return {
    require_utm: form.requireUtm,
    require_tags: form.requireTags,
    require_title: form.requireTitle,
    ...(days === '' ? {} : { max_expiry_days: (/^-?\d+$/.test(days) ? Number(days) : days) as number }),
    ...(form.domainMode === 'blocked' ? { blocked_domains: domains } : form.domainMode === 'allowed' ? { allowed_domains: domains } : {}),
  };
}
