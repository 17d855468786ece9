import { useEffect, useRef } from 'preact/hooks';
import { type Column, CopyButton, DataTable, FailureNotice } from '../../ui';
import type { ImportedLink, ImportState } from './run-import';

/** Links shown after an import; the rest are on the Links page. */
const LINKS_SHOWN = 100;
const count = (n: number) => n.toLocaleString('en');

type RowNote = ImportState['errors'][number];
const NOTE_COLUMNS: Column<RowNote>[] = [
  // the file's line, as an editor or a spreadsheet shows it and as the API's `line` says (the header is line 1)
  { label: 'Line', rowHeader: true, cell: (e) => (e.line !== undefined ? `Line ${count(e.line)}` : `Row ${count(e.row)}`) },
  { label: 'Reason', cell: (e) => e.reason },
];

/** Rows of the file with what happened to them (refused, or taken with a change), by their row in the file. */
export function RowNotes({ caption, notes }: { caption: string; notes: RowNote[] }) {
  return <DataTable caption={`${caption}, ${notes.length} in all`} rows={notes} rowKey={(e) => String(e.row)} columns={NOTE_COLUMNS} />;
}

/** The first links of an import (made, or that would be made), with a note when there are more. */
export function ImportedLinks({ caption, links, made }: { caption: string; links: ImportedLink[]; made: boolean }) {
  return (
    <>
      {links.length > LINKS_SHOWN && (
        <p class="muted">
          The first {LINKS_SHOWN} of {count(links.length)}
          {made ? '; all of them are on the Links page.' : '.'}
        </p>
      )}
      <DataTable
        caption={`${caption}, ${links.length} in all`}
        rows={links.slice(0, LINKS_SHOWN)}
        rowKey={(l) => l.id}
        columns={made ? MADE_COLUMNS : PREVIEW_COLUMNS}
      />
    </>
  );
}
const LINK_DETAILS: Column<ImportedLink>[] = [
  { label: 'Destination', cell: (l) => <span class="import-target">{l.target}</span> },
  { label: 'Title', cell: (l) => l.title ?? '' },
];
const MADE_COLUMNS: Column<ImportedLink>[] = [
  {
    label: 'Short link',
    rowHeader: true,
    cell: (l) => (
      <>
        {l.short_url.replace(/^https?:\/\//, '')} <CopyButton text={l.short_url} />
      </>
    ),
  },
  ...LINK_DETAILS,
];
// a preview's links do not exist yet and the import draws their generated slugs afresh: nothing to copy
const PREVIEW_COLUMNS: Column<ImportedLink>[] = [
  { label: 'Short link', rowHeader: true, cell: (l) => l.short_url.replace(/^https?:\/\//, '') },
  ...LINK_DETAILS,
];

/** The rows the API writes in one transaction (a cancel lets the one under way complete). */
const BATCH = 500;

/** What is stored after an import that did not finish: by the API's last report, in the file's rows. */
function stored(state: ImportState): string {
  const { done, created, total } = state;
  const written = done ? `Rows 1 to ${count(done)} were imported: ${count(created)} links created.` : 'The server had reported no rows yet.';
  if (total !== undefined && done >= total) return `${written} Every row of the file had been written.`;
  if (state.failure !== undefined && !state.cut) {
    const rest = total === undefined ? 'the file' : `rows ${count(done + 1)} to ${count(total)}`;
    return done ? `${written} The rest, ${rest}, was not imported: the part that failed was undone.` : 'Nothing was imported.';
  }
  // cancelled or cut off: the API completes the part it is writing and starts no other
  const when = state.cut ? 'when the connection was lost' : 'when you cancelled';
  // no line yet: the file may still have been on its way, or its first part being written
  if (total === undefined)
    return `The server had not reported yet ${when}: if it had begun, its first part (up to ${BATCH} rows) is imported, as the Links page shows; nothing after it is.`;
  const last = Math.min(done + BATCH, total);
  const after = last < total ? ` Rows ${count(last + 1)} to ${count(total)} were not imported.` : '';
  return `${written} Rows ${count(done + 1)} to ${count(last)} were being written ${when}: they are imported as well (those that are valid), as the Links page shows.${after}`;
}

/** The outcome: counts, each refused row with its row number in the file, and the links created. */
export function ImportSummary({ state }: { state: ImportState }) {
  const complete = state.finished && !state.failure && !state.cancelled && !state.cut;
  const title = state.cancelled ? 'Import cancelled' : state.cut ? 'Import interrupted' : state.failure ? 'Import stopped' : 'Import finished';
  // the outcome takes the focus from the progress that disappears: a screen reader reads it, a keyboard goes on from here
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="import-summary panel" aria-labelledby="import-summary-title">
      <h2 id="import-summary-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {state.failure !== undefined && <FailureNotice error={state.failure} />}
      {!complete && <p class="import-stored">{stored(state)}</p>}
      <dl class="import-counts">
        <div>
          {/* an import that did not finish: the counts are the server's last report (the text above says what else is in) */}
          <dt>{complete ? 'Created' : 'Created (reported)'}</dt>
          <dd>{count(state.created)}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{count(state.skipped)}</dd>
        </div>
        {!complete && state.total !== undefined && (
          <div>
            <dt>Rows reported</dt>
            <dd>
              {count(state.done)} of {count(state.total)}
            </dd>
          </div>
        )}
      </dl>
      {state.errors.length > 0 && (
        <>
          <h3>Rows not imported</h3>
          <p class="muted">Line numbers are the file’s, as an editor or a spreadsheet shows them: the header is line 1.</p>
          <RowNotes caption="Rows not imported" notes={state.errors} />
        </>
      )}
      {state.warnings.length > 0 && (
        <>
          <h3>Rows imported with a change</h3>
          <RowNotes caption="Rows imported with a change" notes={state.warnings} />
        </>
      )}
      {state.links.length > 0 && (
        <>
          <h3>Links created</h3>
          <ImportedLinks caption="Links created" links={state.links} made />
        </>
      )}
    </section>
  );
}
