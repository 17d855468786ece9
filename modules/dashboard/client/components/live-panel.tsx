import { money } from '../pages/conversions/money';
import type { LiveEvent, LiveStatus } from './live';
import { countryName } from './top-table';

const STATUS: Record<LiveStatus, string> = {
  off: 'Off',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Connection lost, reconnecting…',
};
const clock = new Intl.DateTimeFormat('en', { timeStyle: 'medium' });

/** One event in words: what, where from, which link. */
function EventLine({ event, linkName }: { event: LiveEvent; linkName(linkId: string): string }) {
  if (event.type === 'click') {
    const c = event.data;
    const where = [countryName(c.country), c.device ?? 'unknown device', c.referrer_host ? `from ${c.referrer_host}` : 'direct or unknown referrer'];
    return (
      <>
        <span class="live-kind">Visit</span> {c.domain}/{c.slug} · {where.join(' · ')}{' '}
        <time dateTime={c.clicked_at}>{clock.format(new Date(c.clicked_at))}</time>
      </>
    );
  }
  const d = event.data;
  const what = event.type === 'sale' ? `${money(event.data.amount, event.data.currency)} (${d.event_name})` : d.event_name;
  return (
    <>
      <span class={`live-kind live-${event.type}`}>{event.type === 'lead' ? 'Lead' : 'Sale'}</span> {what} · customer {d.customer_id} · {linkName(d.link_id)}{' '}
      <time dateTime={d.created_at}>{clock.format(new Date(d.created_at))}</time>
    </>
  );
}

/**
 * The last visits, leads and sales of the workspace as they arrive (newest first). `links` names
 * the links the page knows; a link first seen in a visit is named by its short address.
 */
export function LivePanel({ status, recent, links = {} }: { status: LiveStatus; recent: LiveEvent[]; links?: Record<string, string> }) {
  const seen: Record<string, string> = { ...links };
  for (const event of recent) if (event.type === 'click') seen[event.data.link_id] ??= `${event.data.domain}/${event.data.slug}`;
  const linkName = (linkId: string) => seen[linkId] ?? 'a link';
  return (
    <section class="panel live-panel" aria-labelledby="live-heading">
      <div class="live-header">
        <h2 id="live-heading">Live</h2>
        <span class={`live-status live-status-${status}`} role="status">
          {STATUS[status]}
        </span>
      </div>
      {recent.length === 0 ? (
        <p class="muted">Visits, leads and sales show here as they happen, while this page is open.</p>
      ) : (
        <ol class="live-events" aria-label="Latest visits, leads and sales">
          {recent.map((event) => (
            <li key={event.type === 'click' ? event.data.id : event.type === 'lead' ? event.data.lead_id : event.data.sale_id}>
              <EventLine event={event} linkName={linkName} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
