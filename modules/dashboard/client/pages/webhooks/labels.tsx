/** Active or disabled, in words (never colour alone). */
export function StatusText({ active }: { active: boolean }) {
  return <span class={active ? 'webhook-on' : 'webhook-off'}>{active ? 'Active' : 'Disabled'}</span>;
}

/** A webhook's subscribed event types, as the receiver sees them in `X-Webhook-Event`. */
export function EventList({ events }: { events: string[] }) {
  return (
    <ul class="webhook-events">
      {events.map((event) => (
        <li key={event}>
          <code>{event}</code>
        </li>
      ))}
    </ul>
  );
}
