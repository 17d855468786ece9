import { api, ApiFailure, type ApiAnswer, type ApiQuery } from '../../api';
import type { Chunk } from './chunks';

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

/** Where a (possibly long, many-request) import or its preview stands; `errors[].row` and `warnings[].row` are rows in the file. */
export interface ImportState {
  /** a preview: the API answered what it would do and wrote nothing */
  dryRun: boolean;
  /** the format the API read the file as (once it answered) */
  format?: ImportAnswer['format'];
  total: number;
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
  cancelled: boolean;
  /** a request refused as a whole (400, 402, 403…): the rows after `done` were not sent */
  failure?: unknown;
}

export interface ImportRequest {
  wsId: string;
  chunks: Chunk[];
  rows: number;
  format: ImportFormat;
  domain: string;
  /** only ask what the import would do (the preview) */
  dryRun?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts the chunks one after the other, reporting after each. A 429 (the import budget of the workspace)
 * waits the time the API gives and sends the same chunk again. `cancelled()` is asked between requests:
 * a request already sent completes (its rows are in), the rest are not sent.
 */
export async function runImport(request: ImportRequest, report: (state: ImportState) => void, cancelled: () => boolean): Promise<ImportState> {
  const dryRun = request.dryRun === true;
  let state: ImportState = {
    dryRun,
    total: request.rows,
    done: 0,
    created: 0,
    skipped: 0,
    errors: [],
    warnings: [],
    links: [],
    finished: false,
    cancelled: false,
  };
  const update = (change: Partial<ImportState>) => {
    state = { ...state, ...change };
    report(state);
    return state;
  };
  update({});
  for (const chunk of request.chunks) {
    if (cancelled()) return update({ cancelled: true, finished: true });
    let answer: ImportAnswer | undefined;
    while (!answer) {
      try {
        answer = await api.post('/api/workspaces/{wsId}/import/links', {
          params: { path: { wsId: request.wsId }, query: dryRun ? { dry_run: true } : undefined },
          body: { csv: chunk.csv, format: request.format, domain: request.domain || undefined },
        });
      } catch (error) {
        if (!(error instanceof ApiFailure && error.status === 429)) return update({ failure: error, finished: true });
        for (let left = error.retryAfter ?? 2; left > 0; left--) {
          update({ waiting: left });
          await sleep(1000);
          if (cancelled()) return update({ waiting: undefined, cancelled: true, finished: true });
        }
        update({ waiting: undefined });
      }
    }
    // the API numbers a request's data rows from 1; across requests the file's data rows go on counting
    const inFile = (note: RowNote) => ({
      row: chunk.dataRows[note.row - 1] ?? note.row,
      line: chunk.lines[note.row - 1],
      field: note.field,
      reason: note.reason,
    });
    update({
      format: answer.format,
      done: state.done + chunk.dataRows.length,
      created: state.created + answer.created,
      skipped: state.skipped + answer.skipped,
      errors: [...state.errors, ...answer.errors.map(inFile)],
      warnings: [...state.warnings, ...answer.warnings.map(inFile)],
      links: [...state.links, ...answer.links],
    });
  }
  return update({ finished: true });
}
