import type { Deps } from '../../core/deps';
import type { DbOrTx } from '../../core/db';
import { ApiError, badRequest, paymentRequired } from '../../core/errors';
import { isHttpUrl } from '../../core/format';
import { canonicalHostname, RESERVED_SEGMENTS } from '../../core/hosts';
import { featureMessage, hasFeature, LIMITS, type Feature, type Plan } from '../../core/plans';
import { getDomainByHost, getWorkspaceDomain } from '../domains';
import type { links } from './schema';

/** Who writes a link: the workspace (its plan gates fields) and the acting user. */
export interface LinkContext {
  workspaceId: string;
  plan: Plan;
  userId: string;
  /** the workspace's `default_utm_params`, applied to new links without UTM parameters */
  defaultUtmParams?: Record<string, string> | null;
}

export type LinkValues = Partial<typeof links.$inferInsert>;

export const SLUG_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const TAG_PATTERN = /^[a-z0-9_-]{1,32}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const UTM_KEYS = new Set(['source', 'medium', 'campaign', 'term', 'content']);

/** Fields owned by the smart-routing modules: stored as given after a shape check; their `link.validate` handlers check the rest. */
const ROUTING_FIELDS = {
  routing_rules: { column: 'routingRules', shape: 'object', feature: 'routing_rules' },
  ab_variants: { column: 'abVariants', shape: 'array', feature: 'ab_variants' },
  rules: { column: 'rules', shape: 'array', feature: 'rules' },
  interstitial: { column: 'interstitial', shape: 'object', feature: 'interstitial' },
  sequence: { column: 'sequence', shape: 'object', feature: 'sequence' },
  deep_link: { column: 'deepLink', shape: 'object', feature: 'deep_link' },
} as const satisfies Record<string, { column: keyof LinkValues; shape: 'object' | 'array'; feature: Feature }>;

const TEXT_FIELDS = {
  title: { column: 'title', max: 500 },
  note: { column: 'note', max: 10_000 },
  og_title: { column: 'ogTitle', max: 500 },
  og_description: { column: 'ogDescription', max: 2000 },
} as const satisfies Record<string, { column: keyof LinkValues; max: number }>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The domain part a link is written on; `isDefault` when it is the built-in short domain. */
export interface ResolvedDomain { domain: string; isDefault: boolean }

export async function resolveDomain(deps: Deps, db: DbOrTx, workspaceId: string, value: unknown): Promise<ResolvedDomain> {
  const defaultDomain = deps.config.defaultDomain;
  if (value === undefined || value === null || value === '') return { domain: defaultDomain, isDefault: true };
  if (typeof value !== 'string') throw badRequest('Invalid domain: expected a hostname');
  const domain = value.trim().toLowerCase();
  if (domain === defaultDomain) return { domain, isDefault: true };
  const own = await getWorkspaceDomain(db, workspaceId, domain);
  if (!own) throw badRequest(`Invalid domain: ${domain.slice(0, 253)} is neither the default domain nor one of this workspace's domains`);
  return { domain: own.domain, isDefault: false };
}

export function checkSlug(slug: unknown): string {
  if (typeof slug !== 'string' || !SLUG_PATTERN.test(slug)) {
    throw badRequest('Invalid slug: use 1 to 100 letters, digits, hyphens and underscores');
  }
  if (RESERVED_SEGMENTS.has(slug.toLowerCase())) throw badRequest(`Invalid slug: "${slug}" is reserved`);
  return slug;
}

/** A target must be http(s) and must not point back at one of our short domains (a redirect loop). */
async function checkTarget(deps: Deps, db: DbOrTx, value: unknown): Promise<string> {
  if (!isHttpUrl(value)) throw badRequest('Invalid target: expected an http(s) URL');
  // a trailing dot names the same host (`go.example.com.`)
  const hostname = canonicalHostname(new URL(value));
  const defaultHostname = deps.config.defaultDomain.replace(/:\d+$/, '');
  if (hostname === defaultHostname || (await getDomainByHost(db, hostname))) {
    throw badRequest('Invalid target: it points at a short domain of this service (a redirect loop)');
  }
  return value;
}

function checkUrl(field: string, value: unknown): string {
  if (!isHttpUrl(value)) throw badRequest(`Invalid ${field}: expected an http(s) URL`);
  return value;
}

export function checkTags(value: unknown, field = 'tags'): string[] {
  if (!Array.isArray(value)) throw badRequest(`Invalid ${field}: expected an array of strings`);
  if (value.length > LIMITS.tagsPerLink) throw badRequest(`Too many tags: a link has at most ${LIMITS.tagsPerLink}`);
  for (const tag of value) {
    if (typeof tag !== 'string' || !TAG_PATTERN.test(tag)) {
      throw badRequest(`Invalid tag "${String(tag).slice(0, 40)}": use 1 to ${LIMITS.tagLength} of a-z, 0-9, hyphen and underscore`);
    }
  }
  return [...new Set(value as string[])];
}

function checkUtm(value: unknown): Record<string, string> {
  if (!isObject(value)) throw badRequest('Invalid utm_params: expected an object');
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!UTM_KEYS.has(key)) throw badRequest(`Invalid utm_params: unknown key ${key.slice(0, 40)} (allowed: source, medium, campaign, term, content)`);
    if (typeof v !== 'string' || v.length > 500) throw badRequest(`Invalid utm_params.${key}: expected a string of at most 500 characters`);
    if (v !== '') out[key] = v;
  }
  return out;
}

export function parseExpiresAt(value: unknown): Date {
  const date = typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw badRequest('Invalid expires_at: expected an ISO 8601 timestamp');
  return date;
}

function checkText(field: string, value: unknown, max: number): string {
  if (typeof value !== 'string') throw badRequest(`Invalid ${field}: expected a string`);
  if (value.length > max) throw badRequest(`Invalid ${field}: at most ${max} characters`);
  return value;
}

/**
 * Checks one link's input and turns it into column values. `create` requires a target; `patch`
 * only looks at the fields present, and `null` clears a field. Domain and slug are handled by
 * the caller (they depend on the current row). Throws ApiError 400 / 402.
 */
export async function checkLinkFields(deps: Deps, db: DbOrTx, ctx: LinkContext, input: Record<string, unknown>, mode: 'create' | 'patch'): Promise<LinkValues> {
  const values: LinkValues = {};
  const has = (field: string) => input[field] !== undefined;
  const clears = (field: string) => mode === 'patch' && input[field] === null;

  if (mode === 'create' || has('target')) {
    if (input.target === undefined || input.target === null || input.target === '') throw badRequest('target is required');
    values.target = await checkTarget(deps, db, input.target);
  }
  for (const [field, { column, max }] of Object.entries(TEXT_FIELDS)) {
    if (!has(field)) continue;
    (values as Record<string, unknown>)[column] = input[field] === null ? null : checkText(field, input[field], max);
  }
  if (has('tags')) values.tags = input.tags === null ? null : checkTags(input.tags);
  if (has('utm_params')) values.utmParams = input.utm_params === null ? null : checkUtm(input.utm_params);
  if (mode === 'create' && (values.utmParams == null || !Object.keys(values.utmParams).length) && ctx.defaultUtmParams && Object.keys(ctx.defaultUtmParams).length) {
    values.utmParams = ctx.defaultUtmParams;
  }
  if (has('expires_at')) values.expiresAt = input.expires_at === null ? null : parseExpiresAt(input.expires_at);
  if (has('fallback_url')) values.fallbackUrl = input.fallback_url === null ? null : checkUrl('fallback_url', input.fallback_url);
  if (has('og_image')) values.ogImage = input.og_image === null ? null : checkUrl('og_image', input.og_image);
  if (has('password')) {
    if (clears('password')) values.passwordHash = null;
    else if (typeof input.password !== 'string' || input.password.length < LIMITS.passwordMin) {
      throw badRequest(`Invalid password: at least ${LIMITS.passwordMin} characters`);
    } else if (input.password.length > 200) throw badRequest('Invalid password: at most 200 characters');
  }
  if (has('redirect_type')) {
    if (clears('redirect_type')) values.redirectType = 302;
    else if (input.redirect_type !== 301 && input.redirect_type !== 302) throw badRequest('Invalid redirect_type: must be 301 or 302');
    else values.redirectType = input.redirect_type;
  }
  if (has('monitoring')) {
    if (typeof input.monitoring !== 'boolean') throw badRequest('Invalid monitoring: expected a boolean');
    // turning monitoring off is always allowed (e.g. after a downgrade); on needs Pro+
    if (input.monitoring && !hasFeature(ctx.plan, 'monitoring')) throw paymentRequired(featureMessage('monitoring'));
    values.monitoring = input.monitoring;
  }
  for (const [field, { column, shape, feature }] of Object.entries(ROUTING_FIELDS)) {
    if (!has(field)) continue;
    const value = input[field];
    if (value === null) {
      (values as Record<string, unknown>)[column] = null;
      continue;
    }
    if (shape === 'array' ? !Array.isArray(value) : !isObject(value)) throw badRequest(`Invalid ${field}: expected ${shape === 'array' ? 'an array' : 'an object'}`);
    if (!hasFeature(ctx.plan, feature)) throw paymentRequired(featureMessage(feature));
  }

  // the smart-routing modules validate and normalise their own fields
  await deps.bus.run('link.validate', { workspaceId: ctx.workspaceId, plan: ctx.plan, mode, input });
  for (const [field, { column }] of Object.entries(ROUTING_FIELDS)) {
    if (input[field] != null) (values as Record<string, unknown>)[column] = input[field];
  }
  if (typeof input.password === 'string') values.passwordHash = await Bun.password.hash(input.password, { algorithm: 'argon2id' });
  return values;
}

/** A new link's values; `slug` stays undefined when it is to be generated. */
export type NewLinkValues = LinkValues & { domain: string; target: string };

/** Every check of a create (single, bulk item, import row, MCP): domain, slug rules, then the fields. */
export async function prepareNewLink(deps: Deps, db: DbOrTx, ctx: LinkContext, input: Record<string, unknown>): Promise<NewLinkValues> {
  const { domain, isDefault } = await resolveDomain(deps, db, ctx.workspaceId, input.domain);
  let slug: string | undefined;
  if (input.slug !== undefined && input.slug !== null && input.slug !== '') {
    if (isDefault) throw badRequest('Custom slugs need a custom domain: on the default domain slugs are always generated');
    slug = checkSlug(input.slug);
  }
  const values = await checkLinkFields(deps, db, ctx, input, 'create');
  return { ...values, domain, slug, target: values.target! };
}

/** The same checks as a reason instead of an exception (import reports per-row errors). */
export async function validateLinkInput(
  deps: Deps,
  db: DbOrTx,
  ctx: LinkContext,
  input: Record<string, unknown>,
): Promise<{ values: NewLinkValues; error?: undefined } | { values?: undefined; error: string; status: number }> {
  try {
    return { values: await prepareNewLink(deps, db, ctx, input) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { error: error.message, status: error.status };
    throw error;
  }
}
