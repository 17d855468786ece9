import Papa from 'papaparse';
import { badRequest } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import type { Logger } from '../../core/logger';

/**
 * Cells a spreadsheet may read as a formula are neutralised with a leading `'` (formula
 * injection): those starting with a tab or a carriage return, and those whose first character
 * after any whitespace or control/format characters is = + - or @ (spreadsheets skip leading
 * blanks, so " =1+1" is a formula too). Papaparse's own `escapeFormulae: true` pattern ends in
 * `.*$`, which misses multi-line cells such as "=1+1\nx"; anchoring only the start catches every case.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\p{Cc}\p{Cf}]*[=+\-@])/u;

/** RFC 4180 lines (CRLF, quotes doubled, quoted when needed) with formula cells neutralised. */
export function csvLines(rows: unknown[][]): string {
  return Papa.unparse(rows, { header: false, newline: '\r\n', escapeFormulae: FORMULA_START });
}

/**
 * A CSV body that asks `pages` for the next rows only when the client has read the previous
 * ones: a large export never sits in memory. Rows are separated by CRLF, no trailing newline.
 */
export function csvStream(columns: readonly string[], pages: AsyncGenerator<unknown[][]>, log: Logger): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLines([[...columns]])));
        return;
      }
      try {
        // a pull must enqueue or close, else the stream waits forever: skip empty pages
        for (;;) {
          const { value, done } = await pages.next();
          if (done) return controller.close();
          if (value.length) return controller.enqueue(encoder.encode(`\r\n${csvLines(value)}`));
        }
      } catch (error) {
        log.error({ err: error }, 'CSV export failed mid-stream');
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

/**
 * What an import's CSV may hold, checked before papaparse sees it. Papaparse builds every row as a
 * whole (an array, then an object keyed by the header): a 4,000,000-column header (8 MB) held the
 * event loop 23 s and took 1.4 GB. An import needs a handful of columns (the exports it reads have
 * 6 to 9); a row is a link (16 kB each fill the 8 MB body of 500 rows).
 */
export const CSV_BOUNDS = {
  /** columns of any row, the header's included */
  columns: 64,
  /** characters of one field */
  fieldChars: 16 * 1024,
  /** characters of one line (between line breaks, quoted ones too) */
  lineChars: 64 * 1024,
  /** lines, blank and continuation lines of quoted fields included: 500 rows, with room for multi-line notes */
  lines: 10_000,
} as const;

/** Characters scanned between two yields to the event loop: ~1 ms of work on a quiet machine. */
const SCAN_SLICE = 1 << 18;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const QUOTE = 34;
const CR = 13;
const LF = 10;

/** The refusal of a file over the import's rows (blank lines are not rows). */
export const tooManyRows = (max: number = LIMITS.importRows) => badRequest(`CSV has more than ${max} data rows; at most ${max} per import`);

const tooLarge = (message: string) => badRequest(message, { field: 'csv', code: 'too_large' });
const tooLong = (message: string) => badRequest(message, { field: 'csv', code: 'too_long' });

/**
 * Throws 400 `{field: 'csv', code}` naming the first bound of CSV_BOUNDS the text passes (or 400
 * over the import's rows, 500 unless told, as papaparse would), and answers the delimiter papaparse is to use and the data rows (delimiter guessed as papaparse does: on the first 64 kB, which
 * bounds that guess). It reads the text as papaparse will (a quote opens a field only at the
 * field's start; `""` inside one is a quote), a slice at a time, letting other requests in between.
 */
export async function checkCsvBounds(csv: string, limits: { rows: number; lines: number } = { rows: LIMITS.importRows, lines: CSV_BOUNDS.lines }) {
  const delimiter = Papa.parse(csv.slice(0, 64 * 1024), { preview: 10, skipEmptyLines: 'greedy' }).meta.delimiter || ',';
  const delim = delimiter.charCodeAt(0);
  let line = 1;
  let lineStart = 0;
  let fields = 1;
  let fieldStart = 0;
  let quoted = false;
  // rows with a non-blank character (papaparse skips the others), the header included
  let rows = 0;
  let blank = true;
  const endField = (at: number) => {
    if (at - fieldStart > CSV_BOUNDS.fieldChars)
      throw tooLong(`CSV field too long: a field ending on line ${line} has ${at - fieldStart} characters; at most ${CSV_BOUNDS.fieldChars}`);
  };
  for (let sliceEnd = SCAN_SLICE, i = 0; i < csv.length; i++) {
    if (i >= sliceEnd) {
      await yieldToLoop();
      sliceEnd += SCAN_SLICE;
    }
    if (i - lineStart >= CSV_BOUNDS.lineChars && csv.charCodeAt(i) !== LF && csv.charCodeAt(i) !== CR)
      throw tooLong(`CSV line too long: line ${line} has more than ${CSV_BOUNDS.lineChars} characters; at most ${CSV_BOUNDS.lineChars}`);
    const c = csv.charCodeAt(i);
    if (c === LF || c === CR) {
      if (!quoted) endField(i);
      if (c === CR && csv.charCodeAt(i + 1) === LF) i++;
      if (++line > limits.lines) throw tooLarge(`CSV has more than ${limits.lines} lines; at most ${limits.lines}`);
      lineStart = i + 1;
      if (!quoted) {
        if (!blank && ++rows > limits.rows + 1) throw tooManyRows(limits.rows);
        blank = true;
        fields = 1;
        fieldStart = i + 1;
      }
    } else if (c === QUOTE) {
      // a quote opens a field only at its start; inside, a doubled quote is one and a single one closes it
      if (!quoted) quoted = i === fieldStart;
      else if (csv.charCodeAt(i + 1) === QUOTE) {
        blank = false;
        i++;
      } else quoted = false;
    } else if (c === delim && !quoted) {
      endField(i);
      if (++fields > CSV_BOUNDS.columns)
        throw tooLarge(`CSV has too many columns: line ${line} has more than ${CSV_BOUNDS.columns}; at most ${CSV_BOUNDS.columns}`);
      fieldStart = i + 1;
    } else if (c > 32) blank = false;
  }
  endField(csv.length);
  if (!blank && ++rows > limits.rows + 1) throw tooManyRows(limits.rows);
  // data rows: the header is not one
  return { delimiter, rows: Math.max(0, rows - 1) };
}
