import Papa from 'papaparse';
import type { Deps } from '../../core/deps';
import { ApiError, badRequest } from '../../core/errors';
import { type LinkContext, resolveDomain } from '../links';
import { looksLikeConsoleTable, parseConsoleTable } from './console-table';
import { CSV_BOUNDS, checkCsvBounds } from './csv';
import { type ImportFormat, importColumns, normalHeader } from './formats';
import type { Cells, ImportItem } from './rows';
import { csvReader, importItems, looksLikeJson, type ParsedImport, parseJson, writeItems } from './service';

/**
 * The import without the spec's 500-row cap: the file (at most the import body's 8 MB) is read
 * row by row and written in batches of BATCH rows, each batch its own transaction, while the answer
 * streams one JSON line per batch (`progress`: rows done of the total, created, skipped, that
 * batch's errors, warnings and links, numbered by row and file line as in the 500-row import) and a
 * last line (`done`, or `failed` when a batch was refused as a whole: the batches before it stay).
 * Only one batch of rows is held at a time. A reader that goes away (the dashboard's Cancel, a
 * closed connection) stops the import at the next batch: the batch being written completes.
 */
export const BATCH = 500;
/** rows a streamed import takes: 100,000 rows of 80 bytes fill the 8 MB body */
export const STREAM_ROWS = 100_000;

type Line = Record<string, unknown>;

/** Whole-file checks first (a 400 before any line is sent), then the stream of progress lines. */
export async function streamedImport(deps: Deps, ctx: LinkContext, text: string, format: ImportFormat, domainName: string | undefined, dryRun: boolean) {
  if (!text.trim()) throw badRequest('CSV is empty');
  const to = await resolveDomain(deps, deps.db, ctx.workspaceId, domainName);
  // JSON and console tables are read whole (parsed, they are their rows), then written a batch at a time
  const file: ParsedImport | undefined =
    looksLikeJson(text) && format !== 'generic'
      ? parseJson(text, format, STREAM_ROWS)
      : looksLikeConsoleTable(text)
        ? parseConsoleTable(text, format, STREAM_ROWS)
        : undefined;
  if (file) {
    const total = file.kind === 'table' ? file.rows.length : file.records.length;
    return progressStream(
      file.columns.format,
      total,
      async (batch) => {
        for (let start = 0; start < total; start += BATCH) await batch(await importItems(deps, ctx, slice(file, start), to, start + 1));
      },
      deps,
      ctx,
      dryRun,
    );
  }
  const { delimiter, rows: total } = await checkCsvBounds(text, { rows: STREAM_ROWS, lines: STREAM_ROWS * 4 });
  if (!total) throw badRequest('CSV has no data rows: a header row and at least one link row are needed');
  const reader = csvReader(text, delimiter);
  // read past the blank lines before the header (papaparse's preview counts them as its row)
  const header = Papa.parse<string[]>(reader.text.slice(0, CSV_BOUNDS.lineChars * 4), { delimiter, newline: reader.config.newline, preview: 1 }).data[0] ?? [];
  const columns = importColumns(header.map(normalHeader), format);
  if (typeof columns === 'string') throw badRequest(columns);

  return progressStream(
    columns.format,
    total,
    (batch) => readCsv(reader, async (rows, firstRow) => batch(await importItems(deps, ctx, { kind: 'table', rows, columns }, to, firstRow))),
    deps,
    ctx,
    dryRun,
  );
}

const slice = (file: ParsedImport, start: number): ParsedImport =>
  file.kind === 'table' ? { ...file, rows: file.rows.slice(start, start + BATCH) } : { ...file, records: file.records.slice(start, start + BATCH) };

/** Reads the CSV's rows, handing them over BATCH at a time; papaparse waits while a batch is written. */
function readCsv(reader: ReturnType<typeof csvReader>, onBatch: (rows: { cells: Cells; line?: number }[], firstRow: number) => Promise<void>) {
  return new Promise<void>((resolve, reject) => {
    let batch: { cells: Cells; line?: number }[] = [];
    let done = 0;
    let failure: unknown;
    Papa.parse<Cells>(reader.text, {
      ...reader.config,
      step: (result, parser) => {
        const broken = result.errors.find((e) => e.type === 'Quotes');
        if (broken) {
          failure = badRequest(`Invalid CSV: ${broken.message} (data row ${done + batch.length + 1})`);
          return parser.abort();
        }
        const line = reader.lineOf(result.data);
        if (line === undefined) return;
        batch.push({ cells: result.data, line });
        if (batch.length < BATCH) return;
        parser.pause();
        const rows = batch;
        batch = [];
        onBatch(rows, done + 1).then(
          () => {
            done += rows.length;
            parser.resume();
          },
          (error) => {
            failure = error;
            parser.abort();
          },
        );
      },
      complete: () => {
        if (failure) return reject(failure);
        if (!batch.length) return resolve();
        onBatch(batch, done + 1).then(resolve, reject);
      },
    });
  });
}

/** The answer: one JSON line per written batch, then `done` (or `failed`). */
function progressStream(
  format: string,
  total: number,
  run: (batch: (items: ImportItem[]) => Promise<void>) => Promise<void>,
  deps: Deps,
  ctx: LinkContext,
  dryRun: boolean,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let gone = false;
  const readerGone = new Error('the reader went away');
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: Line) => !gone && controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      const tally = { rows: 0, created: 0, skipped: 0 };
      send({ type: 'start', format, total, dry_run: dryRun });
      try {
        await run(async (items) => {
          // nobody reads on: the batches written stay, the next ones are not started
          if (gone) throw readerGone;
          const { created, errors, warnings } = await writeItems(deps, ctx, items, dryRun);
          tally.rows += items.length;
          tally.created += created.length;
          tally.skipped += errors.length;
          send({ type: 'progress', ...tally, total, errors, warnings, links: created });
        });
        send({ type: 'done', format, total, dry_run: dryRun, ...tally });
      } catch (error) {
        if (error === readerGone) return deps.log.info({ workspaceId: ctx.workspaceId, ...tally, total }, 'streamed import stopped: its reader went away');
        // rows of earlier batches stay written: the line says how far the import got
        if (!(error instanceof ApiError)) deps.log.error({ err: error }, 'streamed import failed');
        const answer =
          error instanceof ApiError
            ? { error: error.message, code: error.code, status: error.status }
            : { error: 'Internal error', code: 'internal', status: 500 };
        send({ type: 'failed', ...answer, ...tally, total });
      }
      if (!gone) controller.close();
    },
    cancel() {
      gone = true;
    },
  });
}
