import { useId } from 'preact/hooks';
import { EVENT_GROUPS } from './types';

interface EventsFieldProps {
  selected: string[];
  onChange(events: string[]): void;
  error?: string;
}

/** The events to subscribe to: one fieldset of checkboxes per group, each group with its own "all" switch. */
export function EventsField({ selected, onChange, error }: EventsFieldProps) {
  const id = useId();
  const toggle = (events: string[], on: boolean) => onChange(on ? [...new Set([...selected, ...events])] : selected.filter((event) => !events.includes(event)));
  return (
    <fieldset class={`events-field${error ? ' field-invalid' : ''}`} aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend>Events</legend>
      <p class="field-hint" id={`${id}-hint`}>
        What the receiver is told about. A test event can be sent at any time, whatever is chosen here.
      </p>
      <div class="event-groups">
        {EVENT_GROUPS.map((group) => {
          const all = group.events.every((event) => selected.includes(event));
          return (
            <fieldset key={group.name} class="event-group">
              <legend>{group.name}</legend>
              <label class="event-all">
                <input type="checkbox" checked={all} onChange={(e) => toggle(group.events, e.currentTarget.checked)} />
                All {group.name.toLowerCase()} events
              </label>
              {group.events.map((event) => (
                <label key={event}>
                  <input type="checkbox" checked={selected.includes(event)} onChange={(e) => toggle([event], e.currentTarget.checked)} />
                  <code>{event}</code>
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
