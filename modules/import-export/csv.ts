import Papa from 'papaparse';
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
