import { badRequest } from '../../core/errors';

/** A workspace's governance policy (the API's governance policy object). */
export interface GovernancePolicy {
  require_utm?: boolean;
  require_tags?: boolean;
  require_title?: boolean;
  max_expiry_days?: number;
  blocked_domains?: string[];
  allowed_domains?: string[];
}

const BOOLEAN_FIELDS = ['require_utm', 'require_tags', 'require_title'] as const;
const DOMAIN_FIELDS = ['blocked_domains', 'allowed_domains'] as const;
const KNOWN = new Set<string>([...BOOLEAN_FIELDS, ...DOMAIN_FIELDS, 'max_expiry_days']);

/** Validates a policy from a workspace PATCH and returns it normalised (domains lowercased). */
export function parseGovernancePolicy(input: unknown): GovernancePolicy {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw badRequest('Invalid governance policy: expected an object', { field: 'governance' });
  const raw = input as Record<string, unknown>;
  const unknown = Object.keys(raw).filter((k) => !KNOWN.has(k));
  if (unknown.length) throw badRequest(`Invalid governance policy: unknown field ${unknown.join(', ')}`, { field: `governance.${unknown[0]}` });
  const policy: GovernancePolicy = {};
  for (const field of BOOLEAN_FIELDS) {
    if (raw[field] === undefined) continue;
    if (typeof raw[field] !== 'boolean') throw badRequest(`Invalid governance policy: ${field} must be a boolean`, { field: `governance.${field}` });
    policy[field] = raw[field] as boolean;
  }
  if (raw.max_expiry_days !== undefined) {
    const days = raw.max_expiry_days;
    if (typeof days !== 'number' || !Number.isInteger(days) || days <= 0)
      throw badRequest('Invalid governance policy: max_expiry_days must be a positive integer', { field: 'governance.max_expiry_days' });
    policy.max_expiry_days = days;
  }
  for (const field of DOMAIN_FIELDS) {
    if (raw[field] === undefined) continue;
    const list = raw[field];
    if (!Array.isArray(list) || !list.every((d) => typeof d === 'string' && d.trim().length > 0)) {
      throw badRequest(`Invalid governance policy: ${field} must be an array of domain strings`, { field: `governance.${field}` });
    }
    policy[field] = list.map((d: string) => d.trim().toLowerCase().replace(/^\*\./, '').replace(/\.$/, ''));
  }
  if (policy.blocked_domains && policy.allowed_domains) {
    throw badRequest('Invalid governance policy: blocked_domains and allowed_domains are mutually exclusive', { field: 'governance.allowed_domains' });
  }
  return policy;
}
