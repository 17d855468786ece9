import { badRequest } from '../../core/errors';
import { tooManyRows } from './csv';
import { type ImportFormat, importColumns, normalHeader } from './formats';
import type { Cells } from './rows';

/**
 * A table as Symfony Console draws it, which is what Shlink's CLI prints for `short-url:list`
 * (module/CLI/src/Command/ShortUrl/ListShortUrlsCommand.php renders through ShlinkTable, Symfony's
 * `default` table style): a `+----+----+` border, a `| Short Code | Title | … |` header, a border,
 * one `| … |` line a short URL, a last border (holding " Page 1 of 2 " unless `--all`). The CLI has
 * no CSV output; `short-url:list --all --show-tags --show-domain > links.txt` saves this.
 */
const BORDER = /^\+-[-+]*\+$/;

/** The first line (past blank ones) is a border and the next a row: a saved console table. */
export function looksLikeConsoleTable(text: string): boolean {
  const [first, second] = text.trimStart().split(/\r\n|\r|\n/, 2);
  return BORDER.test(first?.trimEnd() ?? '') && (second ?? '').startsWith('|');
}

/**
 * A row's cells: cut at the border's `+` columns (Symfony pads every cell to its column's width), or,
 * when the line's length differs from the border's (wide characters count two columns there), split at
 * its `|` (right unless a cell holds one: a row whose cells do not fit its columns is read as it splits).
 */
function cellsOf(line: string, stops: number[]): string[] {
  if (line.length === stops.at(-1)! + 1) return stops.slice(1).map((stop, i) => line.slice(stops[i]! + 1, stop).trim());
  return line
    .replace(/^\|/, '')
    .replace(/\|\s*$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** The table's rows as the import reads a CSV's: cells by normalised header, each with its line in the file. */
export function parseConsoleTable(text: string, format: ImportFormat, maxRows: number) {
  const lines = text.split(/\r\n|\r|\n/);
  const top = lines.findIndex((line) => line.trim() !== '');
  const border = lines[top]!.trimEnd();
  const stops = [...border].flatMap((char, i) => (char === '+' ? [i] : []));
  const headers = cellsOf(lines[top + 1]!.trimEnd(), stops).map(normalHeader);
  const rows: { cells: Cells; line: number }[] = [];
  // after the header's lower border: rows, borders and the CLI's closing words ("[OK] Short URLs properly listed")
  for (let i = top + 3; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    if (!line.startsWith('|')) continue;
    if (rows.length === maxRows) throw tooManyRows(maxRows);
    const values = cellsOf(line, stops);
    rows.push({ cells: Object.fromEntries(headers.map((header, at) => [header, values[at] ?? ''])), line: i + 1 });
  }
  if (!rows.length) throw badRequest('The table has no rows: a header row and at least one link row are needed');
  const columns = importColumns(headers, format);
  if (typeof columns === 'string') throw badRequest(columns);
  return { kind: 'table' as const, rows, columns };
}
