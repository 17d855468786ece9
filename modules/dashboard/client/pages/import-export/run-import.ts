import { type ApiAnswer, ApiFailure, type ApiQuery, hasCode, postForStream } from '../../api';

type ImportAnswer = ApiAnswer<'post', '/api/workspaces/{wsId}/import/links'>;
export type ImportedLink = ImportAnswer['links'][number];
export type ImportFormat = NonNullable<ApiQuery<'post', '/api/workspaces/{wsId}/import/links'>['format']>;

type RowNote = { row: number; line?: number; field?: string; reason: string };

/** How the page names each format the API reads. */
export const FORMAT_NAMES: Record<ImportFormat, string> = {
  auto: 'Detect from the columns',
  generic: 'Generic CSV',
  bitly: 'Bitly export',
  shlink: 'Shlink export',
  yourls: 'YOURLS export',
  kutt: 'Kutt export',
  linkhop: 'Linkhop export',
};

/** Where an import or its preview stands, as the streamed import's lines report it; `errors[].row` and `warnings[].row` are rows in the file. */
export interface ImportState {
  /** a preview: the API answers what it would do and writes nothing */
  dryRun: boolean;
  /** the format the API reads the file as (once it answered) */
  format?: ImportAnswer['format'];
  /** data rows in the file, once the API has counted them (its first line) */
  total?: number;
  /** rows the API has written (or, in a preview, checked): every row up to here is done */
  done: number;
  created: number;
  skipped: number;
  errors: RowNote[];
  /** rows imported with a difference, such as a short code not kept */
  warnings: RowNote[];
  links: ImportedLink[];
  /** set while the API asks to slow down (429): seconds until the next try */
  waiting?: number;
  finished: boolean;
  /** the person cancelled while the API was writing: the rows after `done` up to a batch more may be written */
  cancelled: boolean;
  /** the answer broke off (the connection was lost): as a cancel, not the person's */
  cut?: boolean;
  /** the import was refused (400, 402, 403…) or a part of it failed: the rows after `done` were not written */
  failure?: unknown;
}

export interface ImportRequest {
  wsId: string;
  /** the file's text: CSV, JSON Lines (a Linkhop export) or a JSON link list (Kutt's API) */
  text: string;
  format: ImportFormat;
  domain: string;
  /** only ask what the import would do (the preview) */
  dryRun?: boolean;
}

/** The streamed import's lines (see the route's description). */
type StreamLine =
  | { type: 'start'; format: ImportAnswer['format']; total: number }
  | { type: 'progress'; rows: number; total: number; created: number; skipped: number; errors: RowNote[]; warnings: RowNote[]; links: ImportedLink[] }
  | { type: 'done'; rows: number; created: number; skipped: number }
  | { type: 'failed'; error: string; code: ApiFailure['code']; status: number; rows: number; created: number; skipped: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer's JSON lines as they come (a line may arrive in pieces). */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamLine> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const parts = (rest + decoder.decode(value, { stream: true })).split('\n');
    rest = parts.pop()!;
    for (const part of parts) if (part.trim()) yield JSON.parse(part) as StreamLine;
  }
  if (rest.trim()) yield JSON.parse(rest) as StreamLine;
}

/**
 * One request to the streamed import (no 500-row cap): the API writes the file in batches of 500 rows,
 * each its own transaction, and reports after each; this reports on. A 429 (the workspace's import
 * budget) waits the time the API gives and sends the file again. `signal` cancels: the answer is no
 * longer read, and the API stops before its next batch (the batch it is writing completes).
 */
export async function runImport(request: ImportRequest, report: (state: ImportState) => void, signal: AbortSignal): Promise<ImportState> {
  const dryRun = request.dryRun === true;
  let state: ImportState = { dryRun, done: 0, created: 0, skipped: 0, errors: [], warnings: [], links: [], finished: false, cancelled: false };
  const update = (change: Partial<ImportState>) => {
    state = { ...state, ...change };
    report(state);
    return state;
  };
  update({});
  // the file as the body (as sent, no JSON escaping to swell it past the 8 MB the API takes), the rest in the query
  const query = new URLSearchParams({ format: request.format, ...(request.domain && { domain: request.domain }), ...(dryRun && { dry_run: 'true' }) });
  const path = `/api/workspaces/${encodeURIComponent(request.wsId)}/import/links/stream?${query}`;
  let answer: ReadableStream<Uint8Array> | undefined;
  while (!answer) {
    try {
      answer = await postForStream(path, request.text, signal);
    } catch (error) {
      if (signal.aborted) return update({ cancelled: true, finished: true });
      // no answer at all (the connection failed): the server may have begun, as when an answer breaks off
      if (hasCode(error, 'network_error')) return update({ failure: error, cut: true, finished: true });
      if (!hasCode(error, 'rate_limited')) return update({ failure: error, finished: true });
      for (let left = error.retryAfter ?? 2; left > 0; left--) {
        update({ waiting: left });
        await sleep(1000);
        if (signal.aborted) return update({ waiting: undefined, cancelled: true, finished: true });
      }
      update({ waiting: undefined });
    }
  }
  try {
    for await (const line of lines(answer)) {
      if (line.type === 'start') update({ format: line.format, total: line.total });
      else if (line.type === 'progress')
        update({
          done: line.rows,
          created: line.created,
          skipped: line.skipped,
          errors: [...state.errors, ...line.errors],
          warnings: [...state.warnings, ...line.warnings],
          links: [...state.links, ...line.links],
        });
      else if (line.type === 'done') return update({ done: line.rows, finished: true });
      else return update({ failure: new ApiFailure(line.status, line.error, { code: line.code }), finished: true });
    }
  } catch (error) {
    // cancelled, or the connection broke: the API stops before its next batch, the one under way may be written
    return update(signal.aborted ? { cancelled: true, finished: true } : { cut: true, finished: true, failure: error });
  }
  // the answer ended without its last line: as a broken connection
  return update({ cut: true, finished: true });
}
