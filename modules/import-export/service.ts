import Papa from 'papaparse';
import type { Deps } from '../../core/deps';
import { badRequest, type ErrorCode } from '../../core/errors';
import { iso } from '../../core/format';
import { LIMITS } from '../../core/plans';
import { shortUrl } from '../../core/hosts';
import { clicksBefore, type ClickCursor } from '../clicks';
import { conversionsBefore, type ConversionCursor } from '../conversions';
import { createLinks, type LinkContext, type LinkRow, linksAfter, resolveDomain } from '../links';
import { parseConsoleTable, looksLikeConsoleTable } from './console-table';
import { checkCsvBounds, csvStream, tooManyRows } from './csv';
import { type ImportColumns, type ImportFormat, importColumns, normalHeader } from './formats';
import { linkItem, linkLine } from './full-fidelity';
import { type Cells, type ImportItem, type ImportTarget, lineBreaks, tableItem } from './rows';

export type { ImportFormat } from './formats';

export interface ImportRowError {
  row: number;
  line?: number;
  reason: string;
  field?: string;
  code: ErrorCode;
}

/** A file read: its rows (a table's cells, or a full-fidelity export's links) and the format they are in. */
export type ParsedImport =
  | { kind: 'table'; rows: { cells: Cells; line?: number }[]; columns: ImportColumns }
  | { kind: 'links'; records: unknown[]; columns: { format: 'linkhop' } };

/** Rows papaparse reads between two yields to the event loop. */
const PARSE_SLICE = 20;

export const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

/**
 * Whole-file checks (400s): something to parse, within CSV_BOUNDS (checked first: papaparse holds
 * the event loop for as long as a row takes), a header, 1 to 500 data rows, a target column. A
 * file starting with `{` or `[` is JSON: Kutt's link list (`{data: [...]}`) or a list of such
 * objects, or JSON Lines (Linkhop's full-fidelity export). A file starting with a `+---+` border is
 * a table as Shlink's CLI prints it (console-table.ts).
 */
export async function parseImportFile(text: string, format: ImportFormat = 'auto'): Promise<ParsedImport> {
  if (!text.trim()) throw badRequest('CSV is empty');
  if (looksLikeJson(text) && format !== 'generic') return parseJson(text, format);
  if (looksLikeConsoleTable(text)) return parseConsoleTable(text, format, LIMITS.importRows);
  return parseImportCsv(text, format);
}

export function parseJson(text: string, format: ImportFormat, maxRows: number = LIMITS.importRows): ParsedImport {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  const list = Array.isArray(whole) ? whole : (whole as { data?: unknown } | undefined)?.data;
  if (Array.isArray(list)) {
    if (list.length > maxRows) throw tooManyRows(maxRows);
    const rows = list.map((item) => ({ cells: cellsOf(item) }));
    if (!rows.length) throw badRequest('The JSON list has no links');
    const headers = [...new Set(rows.flatMap((r) => Object.keys(r.cells)))];
    const columns = importColumns(headers, format === 'auto' ? 'auto' : format);
    if (typeof columns === 'string') throw badRequest(columns);
    return { kind: 'table', rows, columns };
  }
  if (format !== 'auto' && format !== 'linkhop') throw badRequest(`A ${format} file is CSV or a JSON list; this is neither`);
  const lines = text.split(/\r\n|\r|\n/);
  while (lines.length && !lines.at(-1)!.trim()) lines.pop();
  if (lines.length > maxRows) throw tooManyRows(maxRows);
  // a line that is not JSON is that row's error, not the file's: the others still import
  const records = lines.map((line) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      return undefined;
    }
  });
  return { kind: 'links', records, columns: { format: 'linkhop' } };
}

/** A JSON list item (Kutt's link) as table cells: keys normalised, scalars as text. */
function cellsOf(item: unknown): Cells {
  const cells: Cells = {};
  if (typeof item !== 'object' || item === null) return cells;
  for (const [key, value] of Object.entries(item)) {
    if (typeof value === 'string') cells[normalHeader(key)] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') cells[normalHeader(key)] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) cells[normalHeader(key)] = value.join(',');
  }
  return cells;
}

async function parseImportCsv(csv: string, format: ImportFormat): Promise<ParsedImport> {
  const { delimiter } = await checkCsvBounds(csv);
  // row by row, still stopping at a row over the limit (the scan above counts rows as papaparse does, but papaparse decides),
  // and pausing every PARSE_SLICE rows to let other requests in: 8 MB of rows take ~50 ms
  const rows: { cells: Cells; line?: number }[] = [];
  const reader = csvReader(csv, delimiter);
  let headers: string[] = [];
  let refusal: string | undefined;
  await new Promise<void>((resolve) =>
    Papa.parse<Cells>(reader.text, {
      ...reader.config,
      step: (result, parser) => {
        headers = result.meta.fields ?? headers;
        const broken = result.errors.find((e) => e.type === 'Quotes');
        const line = reader.lineOf(result.data);
        if (broken) refusal = `Invalid CSV: ${broken.message} (data row ${rows.length + 1})`;
        else if (line === undefined) return;
        else if (rows.length === LIMITS.importRows) refusal = tooManyRows().message;
        else {
          rows.push({ cells: result.data, line });
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
  return { kind: 'table', rows, columns };
}

/** The file's line break (papaparse guesses per chunk otherwise, and a chunk ending between CR and LF misreads). */
export const newlineOf = (text: string): '\r\n' | '\n' | '\r' => {
  const at = text.search(/\r\n|\r|\n/);
  if (at < 0) return '\n';
  return text[at] === '\n' ? '\n' : text[at + 1] === '\n' ? '\r\n' : '\r';
};

/**
 * Papaparse's settings for reading an import CSV row by row, and the line each row starts on (the
 * header being line 1, after any blank lines before it). Lines are counted from the rows themselves,
 * not from papaparse's cursor: after a pause and resume (both readers pause) that cursor counts from
 * the pause point, and the lines of every later row came out wrong. So papaparse hands blank rows over
 * too (each moves the count by its line), and `lineOf` says they are no row (undefined), as
 * `skipEmptyLines: 'greedy'` would have skipped them.
 */
export function csvReader(csv: string, delimiter: string) {
  const lead = /^(?:[ \t]*(?:\r\n|\r|\n))*/.exec(csv)![0];
  // the first data row's line, the header taking one (its quoted line breaks add theirs)
  let next = lineBreaks(lead) + 2;
  return {
    text: csv.slice(lead.length),
    config: {
      header: true as const,
      delimiter,
      newline: newlineOf(csv),
      skipEmptyLines: false as const,
      transformHeader: (name: string) => {
        next += lineBreaks(name);
        return normalHeader(name);
      },
      // row by row in 64 kB slices (in one slice papaparse splits the whole text first)
      chunkSize: 64 * 1024,
    },
    lineOf(cells: Cells): number | undefined {
      // a row's cells, and the cells past the header's (papaparse's __parsed_extra, a list)
      const values = Object.values(cells).flat() as (string | undefined)[];
      const line = next;
      next += 1 + values.reduce((n, v) => n + (v ? lineBreaks(v) : 0), 0);
      return values.join('').trim() === '' ? undefined : line;
    },
  };
}

/** A file's rows as import items, each with its create body or its refusal. */
export async function importItems(deps: Deps, ctx: LinkContext, file: ParsedImport, to: ImportTarget, firstRow = 1): Promise<ImportItem[]> {
  if (file.kind === 'table') return file.rows.map((r, i) => tableItem(r.cells, file.columns, to, firstRow + i, r.line));
  const domains = new Map<string, Promise<ImportTarget | undefined>>();
  const domainOf = (name: string) => {
    let resolved = domains.get(name);
    if (!resolved) {
      resolved = resolveDomain(deps, deps.db, ctx.workspaceId, name).catch(() => undefined);
      domains.set(name, resolved);
    }
    return resolved;
  };
  const items: ImportItem[] = [];
  for (const [i, record] of file.records.entries()) items.push(await linkItem(record, to, domainOf, firstRow + i));
  return items;
}

/** What an import answers about its links. */
const importedLink = (deps: Deps, r: LinkRow) => ({
  id: r.id,
  domain: r.domain,
  slug: r.slug,
  target: r.target,
  title: r.title,
  tags: r.tags,
  short_url: shortUrl(deps.config, r.domain, r.slug),
});

/**
 * Writes import items in one transaction: every row goes through the same path as any create
 * (`link.beforeCreate` with source `import`, validation, `link.validate`, audit, `link.created`);
 * refused rows come back as errors (`row`, `line`), rows imported with a difference as warnings.
 * `dryRun`: the same answer, nothing written (generated slugs are examples).
 */
export async function writeItems(deps: Deps, ctx: LinkContext, items: ImportItem[], dryRun: boolean) {
  const errors: ImportRowError[] = [];
  const valid = items.filter((item) => {
    if (item.error) errors.push({ row: item.row, line: item.line, ...item.error });
    return !item.error;
  });
  const result = valid.length
    ? await createLinks(
        deps,
        ctx,
        valid.map((item) => item.input!),
        'import',
        { hookRejectionsPerItem: true, dryRun, history: valid.map((item) => item.history) },
      )
    : { created: [], errors: [] };
  for (const { index, reason, field, code } of result.errors) errors.push({ row: valid[index]!.row, line: valid[index]!.line, reason, field, code });
  errors.sort((a, b) => a.row - b.row);
  const refused = new Set(errors.map((e) => e.row));
  const warnings = valid.filter((item) => !refused.has(item.row)).flatMap((item) => item.warnings.map((w) => ({ row: item.row, line: item.line, ...w })));
  return { created: result.created.map((r) => importedLink(deps, r)), errors, warnings };
}

/**
 * Imports a file of at most 500 rows (the spec's import): valid rows written in one transaction,
 * invalid ones reported with their row and line, rows imported with a difference as warnings.
 */
export async function importLinks(deps: Deps, ctx: LinkContext, file: ParsedImport, domainName?: string, dryRun = false) {
  // an unknown domain is wrong for every row: one 400 for the file
  const to = await resolveDomain(deps, deps.db, ctx.workspaceId, domainName);
  const { created, errors, warnings } = await writeItems(deps, ctx, await importItems(deps, ctx, file, to), dryRun);
  return {
    format: file.columns.format,
    dry_run: dryRun,
    created: created.length,
    skipped: errors.length,
    errors,
    warnings,
    links: created,
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

/** Every link of the workspace as JSON Lines (the full-fidelity export), streamed page by page. */
export function linksJsonl(deps: Deps, workspaceId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId: string | undefined;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // a pull must enqueue or close: an empty last page closes
        if (done) return controller.close();
        const rows = await linksAfter(deps.readDb, { workspaceId }, { afterId, limit: EXPORT_PAGE });
        done = rows.length < EXPORT_PAGE;
        if (!rows.length) return controller.close();
        afterId = rows.at(-1)!.id;
        controller.enqueue(encoder.encode(rows.map((row) => `${linkLine(row, deps.config)}\n`).join('')));
      } catch (error) {
        deps.log.error({ err: error }, 'JSON Lines export failed mid-stream');
        controller.error(error);
      }
    },
  });
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
