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

/** The outcome: counts, each refused row with its row number in the file, and the links created. */
export function ImportSummary({ state }: { state: ImportState }) {
  const notSent = state.total - state.done;
  const title = state.failure ? 'Import stopped' : state.cancelled ? 'Import cancelled' : 'Import finished';
  // the outcome takes the focus from the progress that disappears: a screen reader reads it, a keyboard goes on from here
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="import-summary panel" aria-labelledby="import-summary-title">
      <h2 id="import-summary-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {state.failure !== undefined && <FailureNotice error={state.failure} />}
      <dl class="import-counts">
        <div>
          <dt>Created</dt>
          <dd>{count(state.created)}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{count(state.skipped)}</dd>
        </div>
        {notSent > 0 && (
          <div>
            <dt>Not sent</dt>
            <dd>{count(notSent)}</dd>
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
