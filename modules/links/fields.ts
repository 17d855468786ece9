import type { TSchema } from '@sinclair/typebox';
import { t } from 'elysia';
import type { Config } from '../../core/config';
import { iso } from '../../core/format';
import { CheckedByService, Int } from '../../core/model';
import { LIMITS, type Feature } from '../../core/plans';
import { shortUrl } from '../../core/hosts';
import { AbVariants } from '../ab-tests';
import { DeepLink } from '../deep-links';
import { Interstitial } from '../interstitials';
import { Rules } from '../rules-engine';
import { RoutingRules } from '../routing';
import { Sequence } from '../sequences';
import { checkRedirectType, checkShape, checkTags, checkTarget, checkUrl, checkUtm, parseExpiresAt } from './checks';
import { hashLinkPassword } from './password';
import type { links } from './schema';

/**
 * The one table of a link's fields. The request and answer schemas (model.ts), the MCP tool
 * input (modules/mcp), the Link JSON (`linkView`), the redirect snapshot (`linkSnapshot`) and the
 * field checks of every write path (validate.ts) are derived from it: a new field is a column
 * here, an entry in LINK_FIELDS and a migration. A field's `input` schema is its one validator on
 * every path (single, bulk, import, MCP, plugins, templates: input.ts); `check` is only what a
 * schema cannot say (a URL that parses, a loop to a short domain, allowed keys), besides the plan
 * gates and the storage.
 */

type LinkRow = typeof links.$inferSelect;

/** What a field check may ask about the world: whether a hostname is one of our short domains. */
export interface CheckEnv {
  isShortHost: (hostname: string) => Promise<boolean>;
}

export interface LinkField {
  /** the `links` column holding it */
  column?: keyof LinkRow;
  /** its schema in create and PATCH bodies (types, lengths): the field can be written */
  input?: TSchema;
  /** create needs it */
  required?: true;
  /** its type in the Link JSON: the field is shown */
  output?: TSchema;
  /** its Link JSON value, when not the column's */
  view?: (row: LinkRow, config: Config) => unknown;
  /** carried in the redirect snapshot (cached, read while serving visitors): as stored, or converted */
  snapshot?: true | ((row: LinkRow) => unknown);
  /** a value other than null or false needs this plan feature (402) */
  feature?: Feature;
  /** its rule beyond the schema (400), answering the value to store; null stores `cleared` (default null) */
  check?: (value: unknown, name: string, env: CheckEnv) => unknown;
  cleared?: unknown;
  /** checked further by its owning module's `link.validate` handler, and stored as that handler left it */
  hooked?: true;
  /** the stored form of a checked value, made once every check passed (hashing is slow) */
  store?: (value: string) => Promise<string>;
  /** part of the short URL: the create and update paths resolve it (it depends on the workspace's domains and the current row) */
  address?: true;
  /** what the value is, for the MCP tool (whose schema cannot follow the OpenAPI references) */
  about?: string;
}

export const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);

/** A text field of at most `max` characters (the schema says it all). */
const textField = <C extends keyof LinkRow>(column: C, max: number, description?: string) =>
  ({
    column,
    input: Nullable(t.String({ maxLength: max, ...(description && { description }) })),
    output: Nullable(t.String()),
  }) as const;
const urlField = <C extends keyof LinkRow>(column: C, description: string) =>
  ({ column, input: Nullable(t.String({ description })), output: Nullable(t.String()), check: checkUrl, snapshot: true }) as const;

/** A JSON field a smart-routing module owns: its schema is an OpenAPI component; the module's `link.validate` handler checks it. */
const routed = <C extends keyof LinkRow, T extends TSchema>(column: C, name: string, schema: T, shape: 'object' | 'array', feature: Feature, about: string) => {
  const checked = Nullable(CheckedByService(name, schema));
  const check = (v: unknown, field: string) => checkShape(v, field, shape);
  return { column, input: checked, output: checked, check, feature, hooked: true, snapshot: true, about } as const;
};

const PASSWORD_MAX = 200;

// no `default`: Elysia would fill it into every PATCH body, turning each 301 link back into a 302
const RedirectType = Int({ enum: [301, 302], description: 'HTTP status of the redirect: 301 or 302 (302 when not given)' });

/** In the order of the Link JSON. */
export const LINK_FIELDS = {
  id: { column: 'id', output: t.String(), snapshot: true },
  workspace_id: { column: 'workspaceId', output: t.String(), snapshot: true },
  domain: {
    column: 'domain',
    input: t.String({ description: "The default domain (default) or one of the workspace's domains" }),
    output: t.String(),
    address: true,
    snapshot: true,
  },
  slug: {
    column: 'slug',
    input: t.String({
      description:
        'Letters, digits, hyphen, underscore; only on a custom domain (generated on the default domain, unless the instance sets CUSTOM_SLUGS_ON_DEFAULT_DOMAIN)',
    }),
    output: t.String(),
    address: true,
    snapshot: true,
  },
  target: {
    column: 'target',
    input: t.String({ description: 'Destination, an http(s) URL' }),
    required: true,
    output: t.String(),
    check: (v: unknown, _name: string, env: CheckEnv) => checkTarget(v, env.isShortHost),
    snapshot: true,
  },
  title: { ...textField('title', 500), snapshot: true },
  tags: {
    column: 'tags',
    input: Nullable(t.Array(t.String(), { description: `Each [a-z0-9_-], max ${LIMITS.tagLength} chars; max ${LIMITS.tagsPerLink}` })),
    output: Nullable(t.Array(t.String())),
    check: (v: unknown) => checkTags(v),
  },
  note: textField('note', 10_000, 'Internal; never shown to visitors'),
  utm_params: {
    column: 'utmParams',
    input: Nullable(t.Record(t.String(), t.String(), { description: '{source?, medium?, campaign?, term?, content?}' })),
    output: Nullable(t.Record(t.String(), t.String())),
    check: checkUtm,
    snapshot: (row: LinkRow) => (row.utmParams && Object.keys(row.utmParams).length ? row.utmParams : null),
  },
  expires_at: {
    column: 'expiresAt',
    input: Nullable(t.String({ description: 'ISO 8601' })),
    output: Nullable(t.String()),
    check: parseExpiresAt,
    view: (row: LinkRow) => iso(row.expiresAt),
    /** epoch ms, or null */
    snapshot: (row: LinkRow) => (row.expiresAt ? row.expiresAt.getTime() : null),
  },
  fallback_url: urlField('fallbackUrl', 'http(s) URL used after expiry'),
  routing_rules: routed('routingRules', 'RoutingRules', RoutingRules, 'object', 'routing_rules', '{geo?, device?, os?}'),
  rules: routed('rules', 'Rules', Rules, 'array', 'rules', 'Rules engine'),
  ab_variants: routed('abVariants', 'AbVariants', AbVariants, 'array', 'ab_variants', '2 to 4 {name, url, weight}'),
  og_title: { ...textField('ogTitle', 500), snapshot: true },
  og_description: { ...textField('ogDescription', 2000), snapshot: true },
  og_image: urlField('ogImage', 'http(s) URL'),
  password: {
    column: 'passwordHash',
    input: Nullable(
      t.String({ minLength: LIMITS.passwordMin, maxLength: PASSWORD_MAX, description: `At least ${LIMITS.passwordMin} characters; never returned` }),
    ),
    store: hashLinkPassword,
  },
  has_password: { output: t.Boolean(), view: (row: LinkRow) => row.passwordHash !== null, snapshot: (row: LinkRow) => row.passwordHash !== null },
  redirect_type: {
    column: 'redirectType',
    input: Nullable(RedirectType),
    output: RedirectType,
    check: checkRedirectType,
    cleared: 302,
    snapshot: (row: LinkRow): 301 | 302 => (row.redirectType === 301 ? 301 : 302),
  },
  interstitial: routed('interstitial', 'Interstitial', Interstitial, 'object', 'interstitial', 'Interstitial page'),
  sequence: routed('sequence', 'Sequence', Sequence, 'object', 'sequence', 'Sequence of URLs'),
  deep_link: routed('deepLink', 'DeepLink', DeepLink, 'object', 'deep_link', 'Deep link'),
  // turning monitoring off is always allowed (e.g. after a downgrade); on needs Pro+
  monitoring: {
    column: 'monitoring',
    input: t.Boolean({ description: 'Broken-link monitoring (Pro+ workspaces); default false' }),
    output: t.Boolean(),
    feature: 'monitoring',
  },
  // like monitoring: turning it off is always allowed; on needs Pro+ (new links take the workspace's default: modules/conversions)
  track_conversions: {
    column: 'trackConversions',
    input: t.Boolean({
      description: "Conversion tracking (Pro+): a visit's target gets `lh_cid=<click id>` for /track/lead; default the workspace's track_conversions_default",
    }),
    output: t.Boolean(),
    feature: 'conversions',
    snapshot: true,
  },
  external_id: textField('externalId', 255, 'Your own reference for the link (e.g. its ID in your CMS or CRM), at most 255 characters; not shown to visitors'),
  created_by: { column: 'createdBy', output: t.String() },
  created_at: { column: 'createdAt', output: t.String(), view: (row: LinkRow) => iso(row.createdAt) },
  updated_at: { column: 'updatedAt', output: t.String(), view: (row: LinkRow) => iso(row.updatedAt) },
  /** total clicks stored (rules engine `click_count`): raised in process as batches are stored (modules/clicks/counts.ts) */
  click_count: { column: 'clickCount', output: Int(), view: (row: LinkRow) => Number(row.clickCount), snapshot: (row: LinkRow) => Number(row.clickCount) },
  short_url: { output: t.String(), view: (row: LinkRow, config: Config) => shortUrl(config, row.domain, row.slug) },
} as const satisfies Record<string, LinkField>;

export type LinkFields = typeof LINK_FIELDS;
/** The entries of LINK_FIELDS that have `property`, in table order. */
export const fieldsWith = (property: keyof LinkField) =>
  (Object.entries(LINK_FIELDS) as [string, LinkField][]).filter(([, field]) => field[property] !== undefined);
