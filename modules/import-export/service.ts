import Papa from 'papaparse';
import type { Deps } from '../../core/deps';
import { badRequest } from '../../core/errors';
import { iso } from '../../core/format';
import { LIMITS } from '../../core/plans';
import { shortUrl } from '../../core/hosts';
import { clicksBefore, type ClickCursor } from '../clicks';
import { createLinks, linksAfter, resolveDomain, type LinkContext } from '../links';
import { csvStream } from './csv';

export type ImportFormat = 'generic' | 'bitly' | 'auto';

/** Generic files name their target column one of these (first present wins). */
const TARGET_COLUMNS = ['target', 'url', 'destination', 'long_url'];
/** Bitly exports: the `bitlink` column identifies them; `long_url` is the target. */
const BITLY_MARKER = 'bitlink';
const BITLY_TARGET = 'long_url';

export interface ImportRowError {
  row: number;
  reason: string;
}

export interface ParsedImport {
  /** data rows, keys are the trimmed, lowercased headers */
  rows: Record<string, string | undefined>[];
  targetColumn: string;
}

/** Whole-file checks (400s): something to parse, a header, 1 to 500 data rows, a target column. */
export function parseImportCsv(csv: string, format: ImportFormat = 'auto'): ParsedImport {
  if (!csv.trim()) throw badRequest('CSV is empty');
  // row by row in 64 kB slices, stopping at the first row over the limit: a huge file is refused
  // without parsing the rest (in one slice papaparse splits the whole text first: 2,000,000 rows took 4 s)
  const rows: ParsedImport['rows'] = [];
  let headers: string[] = [];
  let refusal: string | undefined;
  Papa.parse<Record<string, string | undefined>>(csv, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
    chunkSize: 64 * 1024,
    step: (result, parser) => {
      headers = result.meta.fields ?? headers;
      const broken = result.errors.find((e) => e.type === 'Quotes');
      if (broken) refusal = `Invalid CSV: ${broken.message} (data row ${rows.length + 1})`;
      else if (rows.length === LIMITS.importRows) refusal = `CSV has more than ${LIMITS.importRows} data rows; at most ${LIMITS.importRows} per import`;
      else return void rows.push(result.data);
      parser.abort();
    },
  });
  if (refusal) throw badRequest(refusal);
  if (!rows.length) throw badRequest('CSV has no data rows: a header row and at least one link row are needed');

  const bitly = format === 'bitly' || (format === 'auto' && headers.includes(BITLY_MARKER));
  const targetColumn = bitly ? (headers.includes(BITLY_TARGET) ? BITLY_TARGET : undefined) : TARGET_COLUMNS.find((c) => headers.includes(c));
  if (!targetColumn) {
    throw badRequest(bitly ? 'No target column: a Bitly export needs a long_url column' : `No target column: name one of ${TARGET_COLUMNS.join(', ')}`);
  }
  return { rows, targetColumn };
}

/** `"Summer Sale, q1"` → `['summer-sale', 'q1']`: lowercased, spaces to hyphens, at most 10 (extras dropped). */
export function parseTagCell(cell: string): string[] {
  const tags = cell
    .split(',')
    .map((t) => t.trim().toLowerCase().replace(/\s+/g, '-'))
    .filter(Boolean);
  return [...new Set(tags)].slice(0, LIMITS.tagsPerLink);
}

/** One CSV row as a link create body (empty cells are absent fields). */
function rowToInput(row: Record<string, string | undefined>, targetColumn: string, domain: string): Record<string, unknown> {
  const cell = (name: string) => row[name]?.trim() || undefined;
  const input: Record<string, unknown> = { target: cell(targetColumn), domain };
  for (const field of ['title', 'slug', 'note'] as const) {
    const value = cell(field);
    if (value !== undefined) input[field] = value;
  }
  const tags = cell('tags');
  if (tags !== undefined) input.tags = parseTagCell(tags);
  return input;
}

/**
 * Imports a CSV: every row goes through the same path as any create (`link.beforeCreate` with
 * source `import`, validation, `link.validate`, audit, `link.created`); valid rows are written in
 * one transaction, invalid ones come back as `{row, reason}` (`row` counts data rows from 1).
 */
export async function importLinks(deps: Deps, ctx: LinkContext, { rows, targetColumn }: ParsedImport, domainName?: string) {
  // an unknown domain is wrong for every row: one 400 for the file
  const { domain } = await resolveDomain(deps, deps.db, ctx.workspaceId, domainName);

  const errors: ImportRowError[] = [];
  const inputs: Record<string, unknown>[] = [];
  const rowOfInput: number[] = [];
  rows.forEach((row, i) => {
    const input = rowToInput(row, targetColumn, domain);
    if (input.target === undefined) errors.push({ row: i + 1, reason: 'Missing target URL' });
    else {
      inputs.push(input);
      rowOfInput.push(i + 1);
    }
  });

  const result = inputs.length ? await createLinks(deps, ctx, inputs, 'import', { hookRejectionsPerItem: true }) : { created: [], errors: [] };
  for (const e of result.errors) errors.push({ row: rowOfInput[e.index]!, reason: e.reason });
  errors.sort((a, b) => a.row - b.row);
  return {
    created: result.created.length,
    skipped: errors.length,
    errors,
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

async function* linkExportPages(deps: Deps, workspaceId: string): AsyncGenerator<unknown[][]> {
  let afterId: string | undefined;
  for (;;) {
    const rows = await linksAfter(deps.db, { workspaceId }, { afterId, limit: EXPORT_PAGE });
    yield rows.map((r) => [r.id, r.domain, r.slug, r.target, r.title, Number(r.clickCount), iso(r.createdAt), iso(r.updatedAt)]);
    if (rows.length < EXPORT_PAGE) return;
    afterId = rows.at(-1)!.id;
  }
}

async function* clickExportPages(deps: Deps, workspaceId: string): AsyncGenerator<unknown[][]> {
  let before: ClickCursor | undefined;
  for (let remaining = LIMITS.clickExportRows; remaining > 0; ) {
    const limit = Math.min(EXPORT_PAGE, remaining);
    const rows = await clicksBefore(deps.db, workspaceId, { before, limit });
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
