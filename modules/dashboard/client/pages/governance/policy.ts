import type { GovernancePolicy as Policy } from '../../../../workspaces';
import type { WorkspaceSettings } from '../settings/types';

/** The governance policy as the form holds it (the API's governance policy object). */
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

/** The stored policy as GET /workspaces/{wsId} answers it: an object the API documents loosely, read field by field. */
export type StoredPolicy = WorkspaceSettings['governance'];

const domainsOf = (value: unknown) => (Array.isArray(value) ? value.filter((d) => typeof d === 'string') : []);

export function policyFormOf(policy: StoredPolicy): PolicyForm {
  const allowed = domainsOf(policy?.allowed_domains);
  const blocked = domainsOf(policy?.blocked_domains);
  const days = policy?.max_expiry_days;
  return {
    requireUtm: policy?.require_utm === true,
    requireTags: policy?.require_tags === true,
    requireTitle: policy?.require_title === true,
    maxExpiryDays: typeof days === 'number' ? String(days) : '',
    domainMode: allowed.length ? 'allowed' : blocked.length ? 'blocked' : 'none',
    domains: (allowed.length ? allowed : blocked).join('\n'),
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
