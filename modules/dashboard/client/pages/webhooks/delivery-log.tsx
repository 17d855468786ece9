import { useState } from 'preact/hooks';
import { api } from '../../api';
import { Button, type Column, DataTable, EmptyState, FailureNotice, Field, Loading, Moment, momentText, Pagination, useLoad } from '../../ui';
import type { Delivery } from './types';

const PAGE_SIZE = 20;
const FILTERS = { all: 'All deliveries', true: 'Succeeded', false: 'Failed' } as const;
type Filter = keyof typeof FILTERS;

/** The JSON body that was sent, folded away until asked for. */
function Payload({ delivery }: { delivery: Delivery }) {
  if (!delivery.payload) return <span class="muted">Not kept</span>;
  return (
    <details class="delivery-payload">
      <summary>
        Payload
        <span class="visually-hidden">
          {' '}
          of the {delivery.event_type} delivery at {momentText(delivery.created_at)}
        </span>
      </summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <pre tabIndex={0}>{JSON.stringify(delivery.payload, null, 2)}</pre>
    </details>
  );
}

const DELIVERY_COLUMNS: Column<Delivery>[] = [
  { label: 'Time', rowHeader: true, cell: (delivery) => <Moment iso={delivery.created_at} /> },
  { label: 'Event', cell: (delivery) => <code>{delivery.event_type}</code> },
  { label: 'Result', cell: (delivery) => <span class={delivery.success ? 'webhook-on' : 'webhook-off'}>{delivery.success ? 'Succeeded' : 'Failed'}</span> },
  { label: 'Response code', numeric: true, cell: (delivery) => delivery.status_code ?? 'None' },
  { label: 'Duration', numeric: true, cell: (delivery) => `${delivery.duration_ms} ms` },
  { label: 'Error', cell: (delivery) => (delivery.error ? <span class="delivery-error">{delivery.error}</span> : '—') },
  { label: 'Payload', cell: (delivery) => <Payload delivery={delivery} /> },
];

/** The webhook's deliveries of the last 7 days, newest first, filtered by outcome; `version` changes reload it (a test event was sent). */
export function DeliveryLog({ wsId, webhookId, version }: { wsId: string; webhookId: string; version: number }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const log = useLoad(() => {
    const query = { page, limit: PAGE_SIZE, success: filter === 'all' ? undefined : filter === 'true' };
    return api.get('/api/workspaces/{wsId}/webhooks/{webhookId}/deliveries', { params: { path: { wsId, webhookId }, query } });
  }, [wsId, webhookId, filter, page, version]);

  return (
    <section class="delivery-log" aria-labelledby="deliveries-heading">
      <div class="delivery-log-header">
        <h2 id="deliveries-heading">Deliveries{log.data ? ` (${log.data.total})` : ''}</h2>
        <Button onClick={log.reload} busy={log.loading && Boolean(log.data)}>
          Refresh
        </Button>
      </div>
      <p class="muted">Kept for 7 days. Each event is sent once: a failed delivery is not retried.</p>
      <Field label="Show" class="delivery-filter">
        {(control) => (
          <select
            {...control}
            value={filter}
            onChange={(e) => {
              setFilter(e.currentTarget.value as Filter);
              setPage(1);
            }}
          >
            {Object.entries(FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {log.error ? (
        <FailureNotice error={log.error} retry={log.reload} />
      ) : !log.data ? (
        <Loading label="Loading deliveries…" />
      ) : log.data.deliveries.length === 0 ? (
        <EmptyState title={filter === 'all' ? 'No deliveries in the last 7 days' : `No ${FILTERS[filter].toLowerCase()} deliveries in the last 7 days`} />
      ) : (
        <>
          <DataTable
            caption={`Deliveries, ${log.data.total} in all, page ${log.data.page}`}
            rows={log.data.deliveries}
            rowKey={(delivery) => String(delivery.id)}
            columns={DELIVERY_COLUMNS}
          />
          <Pagination page={log.data.page} limit={log.data.limit} total={log.data.total} onPage={setPage} label="Delivery pages" />
        </>
      )}
    </section>
  );
}
