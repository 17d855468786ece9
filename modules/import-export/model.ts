import type { TLiteral } from '@sinclair/typebox';
import { t } from 'elysia';
import { ErrorBody, Int, withExample } from '../../core/model';
import { LIMITS } from '../../core/plans';
import type { KnownFormat } from './formats';

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);

/** the formats of formats.ts (IMPORT_FORMATS) */
const formatNames = () =>
  [t.Literal('generic'), t.Literal('bitly'), t.Literal('shlink'), t.Literal('yourls'), t.Literal('kutt'), t.Literal('linkhop')] as [
    TLiteral<KnownFormat>,
    ...TLiteral<KnownFormat>[],
  ];

export const ImportBody = t.Object({
  csv: t.String({
    description: `CSV text with a header row and 1 to ${LIMITS.importRows} data rows; headers are matched ignoring case, spaces, hyphens and underscores. Target column: target, url, destination or long_url; optional title, slug (custom domain only), tags (separated by , or |, at most ${LIMITS.tagsPerLink} kept), note, created_at, clicks, and another tool's short code (short_code, keyword) or short URL (short_url), kept where the domain takes chosen slugs. Also JSON: Kutt's link list (\`{data: [...]}\`), or JSON Lines (Linkhop's full-fidelity export, up to ${LIMITS.importRows} lines)`,
  }),
  format: t.Optional(
    t.Union([t.Literal('auto'), ...formatNames()], {
      description:
        "Default auto: linkhop (Linkhop's CSV export: id, domain, slug, target, click_count; or JSON Lines), bitly (Link and Destination URL, or a Bitlink column), shlink (shortCode and longUrl), yourls (keyword and url, or the Import-Export plugin's source, target, hits), kutt (address and target, CSV or its API's JSON list), else generic. Creation dates and click totals are kept where the file has them (clicks as imported clicks, apart from measured ones)",
    }),
  ),
  domain: t.Optional(t.String({ description: "The default domain (default) or one of the workspace's domains" })),
});

/** `format` and `domain` of a raw `text/csv` body, which has no room for them. */
export const ImportQuery = t.Object({
  format: ImportBody.properties.format,
  domain: ImportBody.properties.domain,
  dry_run: t.Optional(t.Boolean({ description: 'true: answer what the import would do (200), writing nothing' })),
});

const formText = async (value: FormDataEntryValue | null) => (value === null ? undefined : typeof value === 'string' ? value : await value.text());

/**
 * The import body as `{csv, format?, domain?}` whatever form it came in: JSON or a urlencoded form
 * (Elysia's own parsers), a multipart form whose `csv` is a file or a text field, or raw `text/csv`.
 */
export async function parseImportRequest({ request, query }: { request: Request; query: { format?: string; domain?: string } }, contentType: string) {
  if (contentType.startsWith('text/csv') || contentType.startsWith('text/plain'))
    return { csv: await request.text(), format: query.format, domain: query.domain };
  if (contentType.startsWith('multipart/form-data')) {
    const form = await request.formData();
    return { csv: await formText(form.get('csv')), format: await formText(form.get('format')), domain: await formText(form.get('domain')) };
  }
}

/** The request body in the OpenAPI document (a custom parser hides it from the generator). */
export const importRequestBody = {
  required: true,
  content: {
    'application/json': { schema: withExample(ImportBody, { csv: 'url,title,tags\nhttps://example.com/a,Spring sale,"spring,sale"\n', format: 'auto' }) },
    'multipart/form-data': { schema: t.Object({ ...ImportBody.properties, csv: t.String({ format: 'binary', description: 'The CSV file (or its text)' }) }) },
    'text/csv': { schema: t.String({ description: 'The CSV itself; format and domain go in the query' }) },
  },
};

const RowNote = {
  row: Int({ description: 'Data row, from 1 (blank lines are not rows)' }),
  line: t.Optional(
    Int({
      description:
        "The file's line the row starts on, the header being line 1 (as an editor or a spreadsheet numbers it; a quoted cell's line breaks count); in JSON Lines, the row. Absent for a JSON list",
    }),
  ),
  reason: t.String(),
  field: t.Optional(t.String({ description: 'The link field the note is about, dotted (`target`, `slug`, `rules.0.action.url`)' })),
};
const RowError = t.Object({ ...RowNote, code: t.String({ description: 'What kind of refusal, as in an error answer (`invalid`, `required`, `taken`, …)' }) });
const RowWarning = t.Object(RowNote);

export const ImportResult = t.Object({
  format: t.Union(formatNames(), { description: 'The format the file was read as' }),
  dry_run: t.Boolean({ description: 'true: nothing was written; `created` and `links` say what would be (generated slugs are examples)' }),
  created: Int(),
  skipped: Int(),
  errors: t.Array(RowError, { description: 'Rows not imported, and why' }),
  warnings: t.Array(RowWarning, { description: 'Rows imported with a difference, e.g. a short code not kept on the default domain' }),
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

export type ExportName = 'links' | 'clicks' | 'conversions';

export const ExportLinksQuery = t.Object({
  format: t.Optional(
    t.Union([t.Literal('csv'), t.Literal('jsonl')], {
      description:
        "csv (default): the spec's columns. jsonl: one JSON object a line, each link as the API answers it plus `imported_clicks` and `imported_from` (everything a create accepts but the password); the import reads it back",
    }),
  ),
});

/**
 * OpenAPI of a CSV export: Elysia documents string schemas as text/plain and ignores
 * `detail.responses` when a route has `response` schemas, so the answers are described here.
 */
export const csvExportResponses = (name: ExportName, errorStatuses: readonly number[] = [401, 403, 404], jsonLines = false) => ({
  200: {
    description: `CSV (RFC 4180), attachment ${name}-<workspace_slug>.csv; cells starting with = + - @ tab or CR are prefixed with '${
      jsonLines ? `. With format=jsonl: JSON Lines, attachment ${name}-<workspace_slug>.jsonl` : ''
    }`,
    content: {
      'text/csv': { schema: { type: 'string' as const } },
      ...(jsonLines ? { 'application/x-ndjson': { schema: { type: 'string' as const } } } : {}),
    },
  },
  ...Object.fromEntries(errorStatuses.map((status) => [status, { description: 'Every error answer', content: { 'application/json': { schema: ErrorBody } } }])),
});
