import { t } from 'elysia';
import { Int } from '../../core/model';
import { LIMITS } from '../../core/plans';

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);

export const Tag = t.Object({
  name: t.String(),
  color: t.String({ description: 'Hex colour (#rgb or #rrggbb) or empty string' }),
  description: t.String(),
  date_from: Nullable(t.String({ description: 'YYYY-MM-DD' })),
  date_to: Nullable(t.String({ description: 'YYYY-MM-DD' })),
  link_count: Int({ minimum: 1, description: 'Links of the workspace carrying the tag (deleting the tag removes it from them)' }),
});
export const TagList = t.Object({ tags: t.Array(Tag) });

// Types only: formats are checked by the service so that every rule has its own message.
export const PutTagBody = t.Object({
  color: t.Optional(Nullable(t.String({ description: 'Hex colour #rgb / #rrggbb, or "" (null clears)' }))),
  description: t.Optional(Nullable(t.String({ description: `At most ${LIMITS.tagDescription} characters (null clears)` }))),
  date_from: t.Optional(Nullable(t.String({ description: 'Campaign start, YYYY-MM-DD (null clears)' }))),
  date_to: t.Optional(Nullable(t.String({ description: 'Campaign end, YYYY-MM-DD, not before date_from (null clears)' }))),
});
export type PutTag = typeof PutTagBody.static;

export const TagParams = t.Object({ wsId: t.String(), tagName: t.String({ description: `[a-z0-9_-], at most ${LIMITS.tagLength} characters` }) });
