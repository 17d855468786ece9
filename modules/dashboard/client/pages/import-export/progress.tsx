import { Button } from '../../ui';
import type { ImportState } from './run-import';

const count = (n: number) => n.toLocaleString('en');

/** How far a running import is ("1,000 of 2,000 rows"), and a way to stop it before the next request. */
export function ImportProgress({ state, cancelling, onCancel }: { state: ImportState; cancelling: boolean; onCancel(): void }) {
  const words = `${count(state.done)} of ${count(state.total)} rows`;
  return (
    <section class="import-progress panel" aria-labelledby="import-progress-title">
      <h2 id="import-progress-title">Importing…</h2>
      <progress max={state.total} value={state.done} aria-labelledby="import-progress-title" aria-valuetext={words} />
      <p role="status">
        {words}
        {state.waiting ? ` · the server asks to slow down, next part in ${state.waiting} s` : ''}
        {cancelling ? ' · stopping after the part being sent' : ''}
      </p>
      <Button onClick={onCancel} disabled={cancelling}>
        Cancel import
      </Button>
    </section>
  );
}
