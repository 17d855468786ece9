import type { ImportedHistory } from '../links';
import { LIMITS } from '../../core/plans';
import { codeOfCell, codeOfShortUrl, type ImportColumns, parseClicks, parseCreated, parseTagCell } from './formats';

/**
 * One row of an import file, read: where it is in the file, and the link create body it makes,
 * or why it makes none. Numbering: `row` counts data rows from 1 (the spec's `row`); `line` is the
 * file's line on which the row starts, the header being line 1 (what an editor or a spreadsheet
 * shows; a quoted cell's line breaks count). A JSON-lines file has no header: its line is its row.
 */
export interface ImportItem {
  row: number;
  line?: number;
  /** a create body (undefined: the row is refused, `error` says why) */
  input?: Record<string, unknown>;
  history?: ImportedHistory;
  error?: RowNote & { code: 'required' | 'invalid' };
  /** differences the row is imported with (a code not kept, a date not readable) */
  warnings: RowNote[];
}

interface RowNote {
  reason: string;
  field?: string;
}

/** A table row (CSV, or a JSON list like Kutt's): cells keyed by normalised header. */
export type Cells = Record<string, string | undefined>;

/** Where the new links go: the domain, and whether it generates slugs (then codes are not kept). */
export interface ImportTarget {
  domain: string;
  generatesSlugs: boolean;
}

export const droppedCode = (code: string) =>
  `Short code "${code}" not kept: the default domain generates its slugs; choose a custom domain to keep them (or the operator sets CUSTOM_SLUGS_ON_DEFAULT_DOMAIN)`;

/**
 * One table row as a link create body (empty cells are absent fields). A `slug` column is a custom
 * slug as in any create; another tool's short code (its code or short URL column) is kept where
 * the domain takes chosen slugs, and otherwise reported as a warning. Creation dates and click
 * totals become the link's history.
 */
export function tableItem(cells: Cells, columns: ImportColumns, to: ImportTarget, row: number, line?: number): ImportItem {
  const cell = (name: string | undefined) => (name && cells[name]?.trim()) || undefined;
  const warnings: RowNote[] = [];
  const target = cell(columns.target);
  if (target === undefined) return { row, line, warnings, error: { reason: 'Missing target URL', field: 'target', code: 'required' } };
  const input: Record<string, unknown> = { target, domain: to.domain };
  const title = cell(columns.title);
  if (title !== undefined) input.title = title;
  for (const field of ['note'] as const) {
    const value = cell(field);
    if (value !== undefined) input[field] = value;
  }
  // Linkhop's export names its code column `slug`: a code like any other tool's, not a custom slug
  const slug = columns.code === 'slug' ? undefined : cell('slug');
  if (slug !== undefined) input.slug = slug;
  const tags = cell('tags');
  if (tags !== undefined) input.tags = parseTagCell(tags, LIMITS.tagsPerLink);

  const codeCell = cell(columns.code);
  const shortLink = cell(columns.shortUrl);
  const code = codeCell !== undefined ? codeOfCell(codeCell) : shortLink !== undefined ? codeOfShortUrl(shortLink) : undefined;
  if (code !== undefined && input.slug === undefined) {
    if (to.generatesSlugs) warnings.push({ field: 'slug', reason: droppedCode(code) });
    else input.slug = code;
  }

  const history: ImportedHistory = { importedFrom: columns.format };
  const created = cell(columns.created);
  if (created !== undefined) {
    const date = parseCreated(created);
    if (date) history.createdAt = date;
    else warnings.push({ field: 'created_at', reason: `Creation date "${created.slice(0, 40)}" not readable (or in the future): the link is dated now` });
  }
  const clicks = cell(columns.clicks);
  if (clicks !== undefined) {
    const count = parseClicks(clicks);
    if (count !== undefined) history.importedClicks = count;
    else warnings.push({ field: 'imported_clicks', reason: `Click count "${clicks.slice(0, 40)}" not a whole number: no clicks imported` });
  }
  return { row, line, input, history, warnings };
}

/** The line breaks in a text (CRLF is one). */
export const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;
