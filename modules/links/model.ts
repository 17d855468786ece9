import type { Static, TOptional, TSchema } from '@sinclair/typebox';
import { t } from 'elysia';
import { Int, PageQuery } from '../../core/model';
import { QueryInt } from '../../core/validation';
import { LIMITS } from '../../core/plans';
import { fieldsWith, Nullable, type LinkFields } from './fields';

/** Orders of the link list; every one breaks ties by id, so pages never overlap. */
export const LINK_SORTS = ['created_at', 'updated_at', 'click_count', 'slug', 'title', 'target'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];

/*
 * The schemas of the link fields come from LINK_FIELDS (fields.ts): types and lengths. They are the
 * one validator of a link body on every path (the route here; bulk items, import rows, MCP calls,
 * plugins and templates through input.ts). What no schema can say (URLs, slug format and reserved
 * words, tag format, plan gates) the service checks after it.
 */
type Schemas<Property extends 'input' | 'output'> = {
  [K in keyof LinkFields as LinkFields[K] extends Record<Property, TSchema> ? K : never]: LinkFields[K] extends Record<Property, infer S extends TSchema>
    ? S
    : never;
};
type Optional<T> = { [K in keyof T]: T[K] extends TSchema ? TOptional<T[K]> : never };
type CreateInputs = {
  [K in keyof Schemas<'input'>]: LinkFields[K] extends { required: true } ? Schemas<'input'>[K] : TOptional<Schemas<'input'>[K]>;
};

const outputs = Object.fromEntries(fieldsWith('output').map(([name, field]) => [name, field.output!])) as Schemas<'output'>;
const inputs = fieldsWith('input');
const optionalInputs = () => Object.fromEntries(inputs.map(([name, field]) => [name, t.Optional(field.input!)]));
const requiredInputs = Object.fromEntries(inputs.filter(([, field]) => field.required).map(([name, field]) => [name, field.input!]));
const createInputs = { ...optionalInputs(), ...requiredInputs } as CreateInputs;

export const CreateLinkBody = t.Object(
  {
    ...createInputs,
    template_id: t.Optional(t.String({ description: 'Template whose config gives defaults (Pro+)' })),
  },
  { example: { target: 'https://example.com/launch', title: 'Launch page', tags: ['launch'], utm_params: { source: 'newsletter', medium: 'email' } } },
);

export const PatchLinkBody = t.Object({
  ...(optionalInputs() as Optional<Schemas<'input'>>),
  // moving a link to the default domain, or clearing its slug, generates a slug
  slug: t.Optional(Nullable(t.String())),
  domain: t.Optional(Nullable(t.String())),
});

/** A link create body that passed CreateLinkBody: what the create services take. */
export type LinkCreate = Static<typeof CreateLinkBody>;
/** A PATCH body that passed PatchLinkBody: what the update service takes. */
export type LinkPatch = Static<typeof PatchLinkBody>;

// Bulk items are checked one by one (an invalid item is skipped, not a 400 for the request).
export const BulkCreateBody = t.Object({ links: t.Array(t.Unknown(), { description: `Link create bodies, 1 to ${LIMITS.bulkItems}` }) });
export const BulkCreated = t.Object({
  created: t.Array(t.Object({ id: t.String(), domain: t.String(), slug: t.String(), target: t.String(), title: Nullable(t.String()) })),
  count: Int(),
});
export const BulkDeleteBody = t.Object({ ids: t.Array(t.String(), { description: `Link IDs, 1 to ${LIMITS.bulkItems}` }) });
export const BulkTagBody = t.Object({
  ids: t.Array(t.String(), { description: `Link IDs, 1 to ${LIMITS.bulkItems}; unknown IDs are ignored` }),
  add_tags: t.Optional(
    t.Array(t.String(), {
      description: `Tags to add to each link (each [a-z0-9_-], max ${LIMITS.tagLength} chars; a link keeps at most ${LIMITS.tagsPerLink})`,
    }),
  ),
  remove_tags: t.Optional(t.Array(t.String(), { description: 'Tags to remove from each link' })),
});
export const BulkTagged = t.Object({ updated: Int({ description: 'Links of the workspace among the IDs (each now carries the requested tags)' }) });

export const Link = t.Object(outputs);

export const LinkList = t.Object({ links: t.Array(Link), total: Int(), page: Int(), limit: Int() });
export const LinkParams = t.Object({ wsId: t.String(), linkId: t.String() });
export const ListQuery = t.Object({
  ...PageQuery,
  limit: t.Optional(QueryInt({ minimum: 1, maximum: LIMITS.linkPageMax, default: 20, description: `Page size, 1 to ${LIMITS.linkPageMax} (default 20)` })),
  domain: t.Optional(t.String({ description: 'Only links on this domain' })),
  prefix: t.Optional(t.String({ description: 'Slug prefix; on the default domain unless domain is given' })),
  tag: t.Optional(t.String({ description: 'Only links with this tag' })),
  q: t.Optional(t.String({ maxLength: 200, description: 'Search: links whose slug, target or title contains this text (case-insensitive)' })),
  target: t.Optional(t.String({ maxLength: 8192, description: 'Only links whose target is exactly this URL (does a page already have a short link?)' })),
  from: t.Optional(t.String({ description: 'Only links created at or after this ISO 8601 date or timestamp' })),
  to: t.Optional(t.String({ description: 'Only links created up to this ISO 8601 timestamp, or through the end of this date (YYYY-MM-DD, UTC)' })),
  sort: t.Optional(
    t.UnionEnum(LINK_SORTS, {
      default: 'created_at',
      description: `Order by ${LINK_SORTS.join(', ')} (default created_at)`,
      error: `sort must be one of ${LINK_SORTS.join(', ')}`,
    }),
  ),
  order: t.Optional(
    t.UnionEnum(['asc', 'desc'], {
      default: 'desc',
      description: 'asc or desc (default desc: newest or most clicked first)',
      error: 'order must be asc or desc',
    }),
  ),
});
