import Papa from 'papaparse';

/** The API takes at most this many data rows per import request (the API's limit). */
export const ROWS_PER_REQUEST = 500;

/** One request's share of the file: the header and up to 500 data rows, and each row's number in the file. */
export interface Chunk {
  csv: string;
  /** `dataRows[i]`: the file's data row number of the chunk's data row i + 1 (the API numbers a request's data rows from 1) */
  dataRows: number[];
  /** `lines[i]`: the file line that row starts on, the header being line 1 (the API's `line` for the whole file) */
  lines: number[];
}

export interface SplitFile {
  chunks: Chunk[];
  /** data rows in all (blank lines are not rows: the API skips them too) */
  rows: number;
}

const blank = (record: string[]) => record.every((cell) => cell.trim() === '');

/**
 * Splits a CSV into requests of at most 500 data rows, each with the header row. Parsed here (papaparse,
 * as the API does) so a quoted cell's line breaks stay in its row. Rows are numbered as the API numbers
 * a whole file sent in one request (its `row`): data rows from 1, blank lines skipped, so the dashboard
 * and a script calling the API name the same row alike.
 */
export function splitCsv(text: string, size = ROWS_PER_REQUEST): SplitFile {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) throw new Error(`The file is not valid CSV: ${broken.message}${broken.row !== undefined ? ` (row ${broken.row + 1})` : ''}`);
  // each record starts on the line after the previous one ended (its quoted cells' line breaks count)
  let next = 1;
  const numbered = parsed.data.map((record) => {
    const line = next;
    next += 1 + record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    return { record, line };
  });
  const [header, ...data] = numbered.filter(({ record }) => !blank(record));
  const rows = data.map(({ record, line }, index) => ({ record, line, dataRow: index + 1 }));
  if (!header) throw new Error('The file is empty');
  if (!rows.length) throw new Error('The file has a header row but no data rows');
  const chunks: Chunk[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const part = rows.slice(start, start + size);
    chunks.push({ csv: Papa.unparse([header.record, ...part.map((r) => r.record)]), dataRows: part.map((r) => r.dataRow), lines: part.map((r) => r.line) });
  }
  return { chunks, rows: rows.length };
}
