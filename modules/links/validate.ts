import type { TSchema } from '@sinclair/typebox';
import type { Config } from '../../core/config';
import type { Deps } from '../../core/deps';
import type { DbOrTx } from '../../core/db';
import { badRequest, paymentRequired, invalid } from '../../core/errors';
import { featureMessage, hasFeature, type Plan } from '../../core/plans';
import { getDomainByHost, getWorkspaceDomain } from '../domains';
import { getWorkspaceRow } from '../workspaces';
import { checkSlug } from './checks';
import { fieldsWith, type CheckEnv } from './fields';
import type { LinkCreate, LinkPatch } from './model';
import type { links } from './schema';

/** Who writes a link: the workspace (its plan gates fields) and the acting user. */
export interface LinkContext {
  workspaceId: string;
  plan: Plan;
  userId: string;
  /** the workspace's `default_utm_params`, applied to new links without UTM parameters */
  defaultUtmParams?: Record<string, string> | null;
  /** what, besides the user, made the write (a Slack command: the Slack link and Slack user): kept in the audit entry */
  via?: Record<string, string>;
}

/**
 * The write context of a workspace: its plan gates fields, its default UTM parameters fill new
 * links (read here unless the caller has them: the API's access check does).
 */
export async function linkContext(
  db: DbOrTx,
  workspace: { id: string; plan: Plan; defaultUtmParams?: Record<string, string> | null },
  userId: string,
): Promise<LinkContext> {
  const defaultUtmParams =
    workspace.defaultUtmParams !== undefined ? workspace.defaultUtmParams : ((await getWorkspaceRow(db, workspace.id))?.defaultUtmParams ?? null);
  return { workspaceId: workspace.id, plan: workspace.plan, userId, defaultUtmParams };
}

export type LinkValues = Partial<typeof links.$inferInsert>;

/**
 * The domain part a link is written on. `generatesSlugs`: a link there gets a generated slug, never a
 * chosen one (the default domain, unless the operator set CUSTOM_SLUGS_ON_DEFAULT_DOMAIN).
 */
export interface ResolvedDomain {
  domain: string;
  generatesSlugs: boolean;
}

/** The domain of a link already written (a PATCH that keeps it). */
export const resolvedDomainOf = (config: Config, domain: string): ResolvedDomain => ({
  domain,
  generatesSlugs: domain === config.defaultDomain && !config.customSlugsOnDefaultDomain,
});

export const customSlugRefused = () => badRequest('Custom slugs need a custom domain: on the default domain slugs are always generated', { field: 'slug' });

export async function resolveDomain(deps: Deps, db: DbOrTx, workspaceId: string, value: unknown): Promise<ResolvedDomain> {
  const defaultDomain = deps.config.defaultDomain;
  if (value === undefined || value === null || value === '') return resolvedDomainOf(deps.config, defaultDomain);
  if (typeof value !== 'string') throw invalid('domain', 'expected a hostname');
  const domain = value.trim().toLowerCase();
  if (domain === defaultDomain) return resolvedDomainOf(deps.config, domain);
  const own = await getWorkspaceDomain(db, workspaceId, domain);
  if (!own) throw invalid('domain', `${domain.slice(0, 253)} is neither the default domain nor one of this workspace's domains`);
  return { domain: own.domain, generatesSlugs: false };
}

/** The fields every write checks here, in table order (domain and slug are the caller's: they depend on the current row). */
const checked = fieldsWith('input').filter(([, field]) => !field.address);
/** null clears the fields whose request type allows it (their schema let it through) */
const allowsNull = (schema: TSchema) => (schema.anyOf as TSchema[] | undefined)?.some((s) => s.type === 'null') ?? false;
const clearable = new Set(checked.filter(([, field]) => allowsNull(field.input!)).map(([name]) => name));

/**
 * Turns one link's input, which passed its schema (input.ts), into column values, by LINK_FIELDS:
 * each field's rule beyond the schema (400) first, then the plan gates (402), then the
 * smart-routing modules' `link.validate` handlers. `create` requires the required fields; `patch`
 * only looks at the fields present. `null` clears a field.
 */
export async function checkLinkFields(deps: Deps, db: DbOrTx, ctx: LinkContext, body: LinkCreate | LinkPatch, mode: 'create' | 'patch'): Promise<LinkValues> {
  // read by field name, and handed to the `link.validate` handlers, which normalise their fields in it
  const input = body as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const env: CheckEnv = { isShortHost: shortHosts(db, deps.config.defaultDomain) };
  const given = checked.filter(([name, field]) => input[name] !== undefined || (mode === 'create' && field.required));
  for (const [name, field] of given) {
    const value = input[name];
    if (value === null && clearable.has(name)) values[field.column!] = field.cleared ?? null;
    else values[field.column!] = field.check ? await field.check(value, name, env) : value;
  }
  for (const [name, field] of given) {
    const gated = field.feature && input[name] !== null && input[name] !== false;
    if (gated && !hasFeature(ctx.plan, field.feature!)) throw paymentRequired(featureMessage(field.feature!));
  }
  if (mode === 'create' && isEmpty(values.utmParams as LinkValues['utmParams']) && !isEmpty(ctx.defaultUtmParams)) values.utmParams = ctx.defaultUtmParams;

  // the smart-routing modules validate and normalise their own fields
  await deps.bus.run('link.validate', { workspaceId: ctx.workspaceId, plan: ctx.plan, mode, input });
  for (const [name, field] of given) {
    if (field.hooked && input[name] !== null) values[field.column!] = input[name];
    if (field.store && typeof values[field.column!] === 'string') values[field.column!] = await field.store(values[field.column!] as string);
  }
  return values as LinkValues;
}

const isEmpty = (utm: Record<string, unknown> | null | undefined) => !utm || !Object.keys(utm).length;

/** Whether a hostname is one of this service's short domains (a target there would loop). */
export const shortHosts =
  (db: DbOrTx, defaultDomain: string) =>
  async (hostname: string): Promise<boolean> =>
    hostname === defaultDomain.replace(/:\d+$/, '') || Boolean(await getDomainByHost(db, hostname));

/** A new link's values; `slug` stays undefined when it is to be generated. */
export type NewLinkValues = LinkValues & { domain: string; target: string };

/** Every check of a create (single, bulk item, import row, MCP): domain, slug rules, then the fields. */
export async function prepareNewLink(deps: Deps, db: DbOrTx, ctx: LinkContext, input: LinkCreate): Promise<NewLinkValues> {
  const { domain, generatesSlugs } = await resolveDomain(deps, db, ctx.workspaceId, input.domain);
  let slug: string | undefined;
  if (input.slug !== undefined && input.slug !== null && input.slug !== '') {
    if (generatesSlugs) throw customSlugRefused();
    slug = checkSlug(input.slug);
  }
  const values = await checkLinkFields(deps, db, ctx, input, 'create');
  return { ...values, domain, slug, target: values.target! };
}
