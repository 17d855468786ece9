import { useEffect, useRef } from 'preact/hooks';
import { type Column, CopyButton, DataTable, FailureNotice } from '../../ui';
import type { ImportedLink, ImportState } from './run-import';

/** Links shown after an import; the rest are on the Links page. */
const LINKS_SHOWN = 100;
const count = (n: number) => n.toLocaleString('en');

type RowError = ImportState['errors'][number];
const ERROR_COLUMNS: Column<RowError>[] = [
  { label: 'Row', rowHeader: true, cell: (e) => `Row ${count(e.row)}` },
  { label: 'Reason', cell: (e) => e.reason },
];
const LINK_COLUMNS: Column<ImportedLink>[] = [
  {
    label: 'Short link',
    rowHeader: true,
    cell: (l) => (
      <>
        {l.short_url.replace(/^https?:\/\//, '')} <CopyButton text={l.short_url} />
      </>
    ),
  },
  { label: 'Destination', cell: (l) => <span class="import-target">{l.target}</span> },
  { label: 'Title', cell: (l) => l.title ?? '' },
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
          <p class="muted">Row numbers are the file’s rows as a spreadsheet shows them: the header is row 1.</p>
          <DataTable caption={`Rows not imported, ${state.errors.length} in all`} rows={state.errors} rowKey={(e) => String(e.row)} columns={ERROR_COLUMNS} />
        </>
      )}
      {state.links.length > 0 && (
        <>
          <h3>Links created</h3>
          {state.links.length > LINKS_SHOWN && (
            <p class="muted">
              The first {LINKS_SHOWN} of {count(state.links.length)}; all of them are on the Links page.
            </p>
          )}
          <DataTable
            caption={`Links created, ${state.links.length} in all`}
            rows={state.links.slice(0, LINKS_SHOWN)}
            rowKey={(l) => l.id}
            columns={LINK_COLUMNS}
          />
        </>
      )}
    </section>
  );
}
