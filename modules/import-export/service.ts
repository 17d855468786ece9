import Papa from 'papaparse';
import type { Deps } from '../../core/deps';
import { badRequest, type ErrorCode } from '../../core/errors';
import { iso } from '../../core/format';
import { LIMITS } from '../../core/plans';
import { shortUrl } from '../../core/hosts';
import { clicksBefore, type ClickCursor } from '../clicks';
import { conversionsBefore, type ConversionCursor } from '../conversions';
import { createLinks, linksAfter, resolveDomain, type LinkContext } from '../links';
import { checkCsvBounds, csvStream, tooManyRows } from './csv';
import { codeOfShortUrl, type ImportColumns, type ImportFormat, importColumns, normalHeader, parseTagCell } from './formats';

export type { ImportFormat } from './formats';

export interface ImportRowError {
  row: number;
  reason: string;
  field?: string;
  code: ErrorCode;
}

export interface ParsedImport {
  /** data rows, keys are the normalised headers (`normalHeader`) */
  rows: Record<string, string | undefined>[];
  columns: ImportColumns;
}

/** Rows papaparse reads between two yields to the event loop. */
const PARSE_SLICE = 20;

/**
 * Whole-file checks (400s): something to parse, within CSV_BOUNDS (checked first: papaparse holds
 * the event loop for as long as a row takes), a header, 1 to 500 data rows, a target column.
 */
export async function parseImportCsv(csv: string, format: ImportFormat = 'auto'): Promise<ParsedImport> {
  if (!csv.trim()) throw badRequest('CSV is empty');
  const delimiter = await checkCsvBounds(csv);
  // row by row in 64 kB slices (in one slice papaparse splits the whole text first), still stopping
  // at a row over the limit (the scan above counts rows as papaparse does, but papaparse decides),
  // and pausing every PARSE_SLICE rows to let other requests in: 8 MB of rows take ~50 ms
  const rows: ParsedImport['rows'] = [];
  let headers: string[] = [];
  let refusal: string | undefined;
  await new Promise<void>((resolve) =>
    Papa.parse<Record<string, string | undefined>>(csv, {
      header: true,
      delimiter,
      skipEmptyLines: 'greedy',
      transformHeader: normalHeader,
      chunkSize: 64 * 1024,
      step: (result, parser) => {
        headers = result.meta.fields ?? headers;
        const broken = result.errors.find((e) => e.type === 'Quotes');
        if (broken) refusal = `Invalid CSV: ${broken.message} (data row ${rows.length + 1})`;
        else if (rows.length === LIMITS.importRows) refusal = tooManyRows().message;
        else {
          rows.push(result.data);
          if (rows.length % PARSE_SLICE === 0) {
            parser.pause();
            setImmediate(() => parser.resume());
          }
          return;
        }
        parser.abort();
      },
      complete: () => resolve(),
    }),
  );
  if (refusal) throw badRequest(refusal);
  if (!rows.length) throw badRequest('CSV has no data rows: a header row and at least one link row are needed');
  const columns = importColumns(headers, format);
  if (typeof columns === 'string') throw badRequest(columns);
  return { rows, columns };
}

/**
 * One CSV row as a link create body (empty cells are absent fields). A `slug` column is a custom
 * slug as in any create; another tool's short code (its code or short URL column) is kept on a
 * custom domain, and on the default domain (which always generates) reported as `dropped`.
 */
function rowToInput(row: Record<string, string | undefined>, columns: ImportColumns, domain: string, generatesSlugs: boolean) {
  const cell = (name: string | undefined) => (name && row[name]?.trim()) || undefined;
  const input: Record<string, unknown> = { target: cell(columns.target), domain };
  const title = cell(columns.title);
  if (title !== undefined) input.title = title;
  for (const field of ['slug', 'note'] as const) {
    const value = cell(field);
    if (value !== undefined) input[field] = value;
  }
  const tags = cell('tags');
  if (tags !== undefined) input.tags = parseTagCell(tags, LIMITS.tagsPerLink);
  const shortLink = cell(columns.shortUrl);
  // a code column may hold a whole short URL (Bitly's Custom Link)
  const given = cell(columns.code) ?? shortLink;
  const code = given?.includes('/') ? codeOfShortUrl(given) : given;
  if (code === undefined || input.slug !== undefined) return { input };
  if (generatesSlugs) return { input, dropped: code };
  input.slug = code;
  return { input };
}

/**
 * Imports a CSV: every row goes through the same path as any create (`link.beforeCreate` with
 * source `import`, validation, `link.validate`, audit, `link.created`); valid rows are written in
 * one transaction, invalid ones come back as `{row, reason}` (`row` counts data rows from 1), rows
 * imported without their short code as `warnings`. `dryRun`: the same answer, nothing written
 * (generated slugs are examples).
 */
export async function importLinks(deps: Deps, ctx: LinkContext, { rows, columns }: ParsedImport, domainName?: string, dryRun = false) {
  // an unknown domain is wrong for every row: one 400 for the file
  const { domain, generatesSlugs } = await resolveDomain(deps, deps.db, ctx.workspaceId, domainName);

  const errors: ImportRowError[] = [];
  const dropped = new Map<number, string>();
  const inputs: Record<string, unknown>[] = [];
  const rowOfInput: number[] = [];
  rows.forEach((row, i) => {
    const { input, dropped: code } = rowToInput(row, columns, domain, generatesSlugs);
    if (input.target === undefined) errors.push({ row: i + 1, reason: 'Missing target URL', field: 'target', code: 'required' });
    else {
      if (code !== undefined) dropped.set(i + 1, code);
      inputs.push(input);
      rowOfInput.push(i + 1);
    }
  });

  const result = inputs.length ? await createLinks(deps, ctx, inputs, 'import', { hookRejectionsPerItem: true, dryRun }) : { created: [], errors: [] };
  for (const { index, reason, field, code } of result.errors) errors.push({ row: rowOfInput[index]!, reason, field, code });
  errors.sort((a, b) => a.row - b.row);
  const refused = new Set(errors.map((e) => e.row));
  const warnings = [...dropped]
    .filter(([row]) => !refused.has(row))
    .map(([row, code]) => ({
      row,
      field: 'slug',
      reason: `Short code "${code}" not kept: the default domain generates its slugs; choose a custom domain to keep them`,
    }));
  return {
    format: columns.format,
    dry_run: dryRun,
    created: result.created.length,
    skipped: errors.length,
    errors,
    warnings,
    links: result.created.map((r) => ({
      id: r.id,
      domain: r.domain,
      slug: r.slug,
      target: r.target,
      title: r.title,
      tags: r.tags,
      short_url: shortUrl(deps.config, r.domain, r.slug),
    })),
  };
}

/** Rows read from the database per page of an export. */
const EXPORT_PAGE = 1000;

export const LINK_EXPORT_COLUMNS = ['id', 'domain', 'slug', 'target', 'title', 'click_count', 'created_at', 'updated_at'] as const;
export const CLICK_EXPORT_COLUMNS = ['id', 'link_id', 'domain', 'slug', 'clicked_at', 'country', 'referer', 'browser', 'os', 'device'] as const;

export const CONVERSION_EXPORT_COLUMNS = [
  'type',
  'id',
  'created_at',
  'link_id',
  'domain',
  'slug',
  'click_id',
  'customer_id',
  'customer_email',
  'customer_name',
  'event_name',
  'amount',
  'currency',
  'invoice_id',
] as const;

async function* linkExportPages(deps: Deps, workspaceId: string): AsyncGenerator<unknown[][]> {
  let afterId: string | undefined;
  for (;;) {
    const rows = await linksAfter(deps.readDb, { workspaceId }, { afterId, limit: EXPORT_PAGE });
    yield rows.map((r) => [r.id, r.domain, r.slug, r.target, r.title, Number(r.clickCount), iso(r.createdAt), iso(r.updatedAt)]);
    if (rows.length < EXPORT_PAGE) return;
    afterId = rows.at(-1)!.id;
  }
}

async function* clickExportPages(deps: Deps, workspaceId: string): AsyncGenerator<unknown[][]> {
  let before: ClickCursor | undefined;
  for (let remaining = LIMITS.clickExportRows; remaining > 0; ) {
    const limit = Math.min(EXPORT_PAGE, remaining);
    const rows = await clicksBefore(deps.readDb, workspaceId, { before, limit });
    yield rows.map((c) => [c.id, c.linkId, c.domain, c.slug, iso(c.clickedAt), c.country, c.referer, c.browser, c.os, c.device]);
    if (rows.length < limit) return;
    remaining -= rows.length;
    const last = rows.at(-1)!;
    before = { clickedAt: last.cursor, id: last.id };
  }
}

/** Every link of the workspace as CSV, streamed page by page. */
export const linksCsv = (deps: Deps, workspaceId: string) => csvStream(LINK_EXPORT_COLUMNS, linkExportPages(deps, workspaceId), deps.log);

/** The workspace's most recent 10,000 clicks, newest first, as CSV, streamed page by page. */
export const clicksCsv = (deps: Deps, workspaceId: string) => csvStream(CLICK_EXPORT_COLUMNS, clickExportPages(deps, workspaceId), deps.log);

async function* conversionExportPages(deps: Deps, workspaceId: string): AsyncGenerator<unknown[][]> {
  let before: ConversionCursor | undefined;
  for (;;) {
    const rows = await conversionsBefore(deps.readDb, workspaceId, { before, limit: EXPORT_PAGE });
    yield rows.map((c) => [
      c.kind,
      c.id,
      iso(c.created_at),
      c.link_id,
      c.domain,
      c.slug,
      c.click_id,
      c.customer_id,
      c.customer_email,
      c.customer_name,
      c.event_name,
      c.amount,
      c.currency,
      c.invoice_id,
    ]);
    if (rows.length < EXPORT_PAGE) return;
    const last = rows.at(-1)!;
    before = { createdAt: last.cursor, id: last.id };
  }
}

/** Every lead and sale of the workspace, newest first, as CSV, streamed page by page. */
export const conversionsCsv = (deps: Deps, workspaceId: string) => csvStream(CONVERSION_EXPORT_COLUMNS, conversionExportPages(deps, workspaceId), deps.log);
