import { t } from 'elysia';
import { ErrorBody, Int } from '../../core/model';
import { LIMITS } from '../../core/plans';

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);

export const ImportBody = t.Object({
  csv: t.String({
    description: `CSV text with a header row and 1 to ${LIMITS.importRows} data rows. Target column: target, url, destination or long_url; optional title, slug (custom domain only), tags (comma-separated, at most ${LIMITS.tagsPerLink} kept), note`,
  }),
  format: t.Optional(
    t.Union([t.Literal('generic'), t.Literal('bitly'), t.Literal('auto')], {
      default: 'auto',
      description: 'auto picks bitly when a bitlink column is present (then long_url is the target)',
    }),
  ),
  domain: t.Optional(t.String({ description: 'The default domain (default) or one of the workspace\'s domains' })),
});

export const ImportResult = t.Object({
  created: Int(),
  skipped: Int(),
  errors: t.Array(t.Object({ row: Int({ description: 'Data row, from 1' }), reason: t.String() })),
  links: t.Array(
    t.Object({
      id: t.String(),
      domain: t.String(),
      slug: t.String(),
      target: t.String(),
      title: Nullable(t.String()),
      tags: Nullable(t.Array(t.String())),
      short_url: t.String(),
    }),
  ),
});

/**
 * OpenAPI of a CSV export: Elysia documents string schemas as text/plain and ignores
 * `detail.responses` when a route has `response` schemas, so the answers are described here.
 */
export const csvExportResponses = (name: 'links' | 'clicks') => ({
  200: {
    description: `CSV (RFC 4180), attachment ${name}-<workspace_slug>.csv; cells starting with = + - @ tab or CR are prefixed with '`,
    content: { 'text/csv': { schema: { type: 'string' as const } } },
  },
  ...Object.fromEntries(([401, 403, 404] as const).map((status) => [status, { description: 'Every error answer', content: { 'application/json': { schema: ErrorBody } } }])),
});
