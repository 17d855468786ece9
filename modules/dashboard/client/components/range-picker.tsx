import { useState } from 'preact/hooks';
import { Button, Field, setAddressQuery, useLocation } from '../ui';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const daysBefore = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));
const PRESETS = [7, 30, 90, 365];

/** The range in the address (`?from=&to=`, each '' unless a valid day; '' means the page's default), and a way to change it. */
export function useRange() {
  const { query } = useLocation();
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  // the other keys (a filter) stay
  const setRange = (nextFrom: string, nextTo: string) => setAddressQuery({ from: nextFrom, to: nextTo }, { replace: true });
  return { from: DAY.test(from) ? from : '', to: DAY.test(to) ? to : '', setRange };
}

/** Two days and quick ranges (the last 7 … 365 days); `onRange` gets the days chosen. */
export function RangePicker({ from, to, onRange }: { from: string; to: string; onRange(from: string, to: string): void }) {
  const [draft, setDraft] = useState({ from, to });
  const [error, setError] = useState<{ field: string; message: string }>();
  const apply = (event: Event) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) return setError({ field: 'from', message: 'The first day must be on or before the last day.' });
    setError(undefined);
    onRange(draft.from, draft.to);
  };
  return (
    <form class="range-picker" onSubmit={apply} aria-label="Date range">
      <Field
        label="From"
        type="date"
        value={draft.from}
        max={draft.to || undefined}
        error={error?.field === 'from' ? error.message : undefined}
        onInput={(e: Event) => setDraft({ ...draft, from: (e.currentTarget as HTMLInputElement).value })}
      />
      <Field
        label="To"
        type="date"
        value={draft.to}
        min={draft.from || undefined}
        error={error?.field === 'to' ? error.message : undefined}
        onInput={(e: Event) => setDraft({ ...draft, to: (e.currentTarget as HTMLInputElement).value })}
      />
      <Button type="submit" variant="primary">
        Show range
      </Button>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not of form fields; a fieldset would bring a border and a legend */}
      <div class="presets" role="group" aria-label="Quick ranges">
        {PRESETS.map((days) => (
          <Button key={days} variant="quiet" onClick={() => onRange(daysBefore(days - 1), isoDay(new Date()))}>
            Last {days} days
          </Button>
        ))}
      </div>
    </form>
  );
}
