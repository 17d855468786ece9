import { Button } from '../../ui';
import type { ImportState } from './run-import';

const count = (n: number) => n.toLocaleString('en');

/** Rows done of the file's rows, as the API last reported them (before its first line, the file is being sent). */
export const progressWords = (state: ImportState) => (state.total === undefined ? 'Sending the file' : `${count(state.done)} of ${count(state.total)} rows`);

/** How far a running import is ("1,000 of 2,000 rows", as the API reports after each batch of 500), and a way to stop it. */
export function ImportProgress({ state, cancelling, onCancel }: { state: ImportState; cancelling: boolean; onCancel(): void }) {
  const words = progressWords(state);
  return (
    <section class="import-progress panel" aria-labelledby="import-progress-title">
      <h2 id="import-progress-title">Importing…</h2>
      {/* indeterminate until the API has counted the rows */}
      <progress
        max={state.total || 1}
        value={state.total === undefined ? undefined : state.done}
        aria-labelledby="import-progress-title"
        aria-valuetext={words}
      />
      <p role="status">
        {words}
        {state.total !== undefined && ` · ${count(state.created)} created, ${count(state.skipped)} skipped so far`}
        {state.waiting ? ` · the server asks to slow down, next try in ${state.waiting} s` : ''}
      </p>
      <Button onClick={onCancel} disabled={cancelling}>
        Cancel import
      </Button>
    </section>
  );
}
