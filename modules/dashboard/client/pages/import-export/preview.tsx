import { FailureNotice } from '../../ui';
import { progressWords } from './progress';
import { FORMAT_NAMES, type ImportState } from './run-import';
import { ImportedLinks, RowNotes } from './summary';

const count = (n: number) => n.toLocaleString('en');
/** rows whose short code the import drops (the API warns on `slug` for each) */
const droppedCodes = (state: ImportState) => state.warnings.filter((w) => w.field === 'slug').length;

/** What importing the chosen file would do, as the API's dry run answers it: nothing is written until the person confirms. */
export function ImportPreview({ state }: { state: ImportState }) {
  return (
    <section class="import-preview" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title">Preview</h3>
      {!state.finished ? (
        <p role="status">
          Checking the file: {progressWords(state)}
          {state.waiting ? ` · the server asks to slow down, next try in ${state.waiting} s` : '…'}
        </p>
      ) : state.failure !== undefined ? (
        <FailureNotice error={state.failure} />
      ) : (
        <>
          {/* said, not focused: the person may be choosing the domain or format next */}
          <p role="status">
            Read as <strong>{state.format ? FORMAT_NAMES[state.format] : 'CSV'}</strong>, {count(state.total ?? state.done)} rows: {count(state.created)} would
            be created, {count(state.skipped)} skipped. Nothing is imported until you press Import links.
          </p>
          {droppedCodes(state) > 0 && (
            <div class="notice" role="note">
              <p>
                {count(droppedCodes(state))} short codes from the file will not be kept: this domain generates its slugs. Choose a custom domain to keep them.
              </p>
            </div>
          )}
          <dl class="import-counts">
            <div>
              <dt>Would create</dt>
              <dd>{count(state.created)}</dd>
            </div>
            <div>
              <dt>Would skip</dt>
              <dd>{count(state.skipped)}</dd>
            </div>
            <div>
              <dt>With a change</dt>
              <dd>{count(state.warnings.length)}</dd>
            </div>
          </dl>
          {state.errors.length > 0 && (
            <>
              <h4>Rows that would be skipped</h4>
              <RowNotes caption="Rows that would be skipped" notes={state.errors} />
            </>
          )}
          {state.warnings.length > 0 && (
            <>
              <h4>Rows that would change</h4>
              <RowNotes caption="Rows that would change" notes={state.warnings} />
            </>
          )}
          {state.links.length > 0 && (
            <>
              <h4>Links it would create</h4>
              <p class="muted">Short codes kept from the file show as they will be; generated ones are examples, drawn afresh on import.</p>
              <ImportedLinks caption="Links it would create" links={state.links} made={false} />
            </>
          )}
        </>
      )}
    </section>
  );
}
