import type { TOptional, TSchema } from '@sinclair/typebox';
import { t } from 'elysia';
import { CheckedByService, Int, PageQuery } from '../../core/model';
import { AbVariants } from '../ab-tests';
import { DeepLink } from '../deep-links';
import { Interstitial } from '../interstitials';
import { Rules } from '../rules-engine';
import { RoutingRules } from '../routing';
import { Sequence } from '../sequences';
import { QueryInt } from '../../core/validation';
import { LIMITS } from '../../core/plans';

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);
/** Orders of the link list; every one breaks ties by id, so pages never overlap. */
export const LINK_SORTS = ['created_at', 'updated_at', 'click_count', 'slug', 'title', 'target'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];

const Checked = <T extends TSchema>(name: string, schema: T) => Nullable(CheckedByService(name, schema));

/**
 * Field types only: the rules (URLs, slug format, tag format, lengths, plan gates) are checked by
 * the service, so that bulk items, import rows and MCP calls get the same checks and messages.
 */
// no `default`: Elysia would fill it into every PATCH body, turning each 301 link back into a 302
const RedirectType = Int({ enum: [301, 302], description: 'HTTP status of the redirect: 301 or 302 (302 when not given)' });

const linkFields = {
  target: t.String({ description: 'Destination, an http(s) URL' }),
  slug: t.String({ description: 'Letters, digits, hyphen, underscore; only on a custom domain (generated on the default domain)' }),
  domain: t.String({ description: 'The default domain (default) or one of the workspace\'s domains' }),
  title: Nullable(t.String()),
  tags: Nullable(t.Array(t.String(), { description: `Each [a-z0-9_-], max ${LIMITS.tagLength} chars; max ${LIMITS.tagsPerLink}` })),
  note: Nullable(t.String({ description: 'Internal; never shown to visitors' })),
  utm_params: Nullable(t.Record(t.String(), t.String(), { description: '{source?, medium?, campaign?, term?, content?}' })),
  expires_at: Nullable(t.String({ description: 'ISO 8601' })),
  fallback_url: Nullable(t.String({ description: 'http(s) URL used after expiry' })),
  routing_rules: Checked('RoutingRules', RoutingRules),
  ab_variants: Checked('AbVariants', AbVariants),
  rules: Checked('Rules', Rules),
  og_title: Nullable(t.String()),
  og_description: Nullable(t.String()),
  og_image: Nullable(t.String({ description: 'http(s) URL' })),
  password: Nullable(t.String({ description: `At least ${LIMITS.passwordMin} characters; never returned` })),
  redirect_type: Nullable(RedirectType),
  interstitial: Checked('Interstitial', Interstitial),
  sequence: Checked('Sequence', Sequence),
  deep_link: Checked('DeepLink', DeepLink),
  monitoring: t.Boolean({ description: 'Broken-link monitoring (Pro+ workspaces); default false' }),
};
type Fields = typeof linkFields;
const optional = <K extends keyof Fields>(keys: K[]) => Object.fromEntries(keys.map((k) => [k, t.Optional(linkFields[k])])) as unknown as { [P in K]: TOptional<Fields[P]> };
const allButTarget = Object.keys(linkFields).filter((k) => k !== 'target') as Exclude<keyof Fields, 'target'>[];

export const CreateLinkBody = t.Object({
  target: linkFields.target,
  ...optional(allButTarget),
  template_id: t.Optional(t.String({ description: 'Template whose config gives defaults (Pro+)' })),
}, { example: { target: 'https://example.com/launch', title: 'Launch page', tags: ['launch'], utm_params: { source: 'newsletter', medium: 'email' } } });

export const PatchLinkBody = t.Object({
  ...optional(Object.keys(linkFields) as (keyof Fields)[]),
  slug: t.Optional(Nullable(t.String())),
  domain: t.Optional(Nullable(t.String())),
});

// Bulk items are checked one by one (an invalid item is skipped, not a 400 for the request).
export const BulkCreateBody = t.Object({ links: t.Array(t.Unknown(), { description: `Link create bodies, 1 to ${LIMITS.bulkItems}` }) });
export const BulkCreated = t.Object({
  created: t.Array(t.Object({ id: t.String(), domain: t.String(), slug: t.String(), target: t.String(), title: Nullable(t.String()) })),
  count: Int(),
});
export const BulkDeleteBody = t.Object({ ids: t.Array(t.String(), { description: `Link IDs, 1 to ${LIMITS.bulkItems}` }) });
export const BulkTagBody = t.Object({
  ids: t.Array(t.String(), { description: `Link IDs, 1 to ${LIMITS.bulkItems}; unknown IDs are ignored` }),
  add_tags: t.Optional(t.Array(t.String(), { description: `Tags to add to each link (each [a-z0-9_-], max ${LIMITS.tagLength} chars; a link keeps at most ${LIMITS.tagsPerLink})` })),
  remove_tags: t.Optional(t.Array(t.String(), { description: 'Tags to remove from each link' })),
});
export const BulkTagged = t.Object({ updated: Int({ description: 'Links of the workspace among the IDs (each now carries the requested tags)' }) });

export const Link = t.Object({
  id: t.String(),
  workspace_id: t.String(),
  domain: t.String(),
  slug: t.String(),
  target: t.String(),
  title: Nullable(t.String()),
  tags: Nullable(t.Array(t.String())),
  note: Nullable(t.String()),
  utm_params: Nullable(t.Record(t.String(), t.String())),
  expires_at: Nullable(t.String()),
  fallback_url: Nullable(t.String()),
  routing_rules: linkFields.routing_rules,
  rules: linkFields.rules,
  ab_variants: linkFields.ab_variants,
  og_title: Nullable(t.String()),
  og_description: Nullable(t.String()),
  og_image: Nullable(t.String()),
  has_password: t.Boolean(),
  redirect_type: RedirectType,
  interstitial: linkFields.interstitial,
  sequence: linkFields.sequence,
  deep_link: linkFields.deep_link,
  monitoring: t.Boolean(),
  created_by: t.String(),
  created_at: t.String(),
  updated_at: t.String(),
  click_count: Int(),
  short_url: t.String(),
});

export const LinkList = t.Object({ links: t.Array(Link), total: Int(), page: Int(), limit: Int() });
export const LinkParams = t.Object({ wsId: t.String(), linkId: t.String() });
export const ListQuery = t.Object({
  ...PageQuery,
  limit: t.Optional(QueryInt({ minimum: 1, maximum: LIMITS.linkPageMax, default: 20, description: `Page size, 1 to ${LIMITS.linkPageMax} (default 20)` })),
  domain: t.Optional(t.String({ description: 'Only links on this domain' })),
  prefix: t.Optional(t.String({ description: 'Slug prefix; on the default domain unless domain is given' })),
  tag: t.Optional(t.String({ description: 'Only links with this tag' })),
  q: t.Optional(t.String({ maxLength: 200, description: 'Search: links whose slug, target or title contains this text (case-insensitive)' })),
  from: t.Optional(t.String({ description: 'Only links created at or after this ISO 8601 date or timestamp' })),
  to: t.Optional(t.String({ description: 'Only links created up to this ISO 8601 timestamp, or through the end of this date (YYYY-MM-DD, UTC)' })),
  sort: t.Optional(t.UnionEnum(LINK_SORTS, { default: 'created_at', description: `Order by ${LINK_SORTS.join(', ')} (default created_at)`, error: `sort must be one of ${LINK_SORTS.join(', ')}` })),
  order: t.Optional(t.UnionEnum(['asc', 'desc'], { default: 'desc', description: 'asc or desc (default desc: newest or most clicked first)', error: 'order must be asc or desc' })),
});
