import { useMemo } from 'preact/hooks';
import { hasFeature } from '../../../../../core/plans';
import { api, ApiFailure, failureMessage, isPlanRefusal } from '../../api';
import { LivePanel } from '../../components/live-panel';
import { clickTally, useLiveTally } from '../../components/live-tally';
import { daysBefore, isoDay, RangePicker, useRange } from '../../components/range-picker';
import { FilterChips, useStatsFilter } from '../../components/stats-filters';
import { useWorkspace } from '../../session';
import { EmptyState, FailureNotice, Loading, useLoad } from '../../ui';
import { Funnel, RevenueCharts } from './funnel';
import { withLive, type ConversionStats } from './with-live';
import { money } from './money';
import './conversions.css';

/** Default range: the last 30 days. */
const DEFAULT_DAYS = 30;

function TopLinksByRevenue({ wsId, rows }: { wsId: string; rows: ConversionStats['top_links'] }) {
  return (
    <section class="panel" aria-labelledby="top-revenue-heading">
      <h2 id="top-revenue-heading">Top links by revenue</h2>
      {rows.length === 0 ? (
        <p class="muted">No sales in this range.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Link</th>
              <th scope="col" class="number">
                Sales
              </th>
              <th scope="col" class="number">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.link_id}/${row.currency}`}>
                <td>{row.domain === null ? 'A deleted link' : <a href={`/app/w/${wsId}/links/${row.link_id}/analytics`}>{`${row.domain}/${row.slug}`}</a>}</td>
                <td class="number">{row.sales}</td>
                <td class="number">{money(row.amount, row.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Until a first lead: what to do to see one. */
function HowToStart({ wsId }: { wsId: string }) {
  return (
    <EmptyState title="No leads yet">
      <p>
        Switch on <strong>Track conversions</strong> in a <a href={`/app/w/${wsId}/links`}>link's settings</a> (or for every new link in the{' '}
        <a href={`/app/w/${wsId}/settings`}>workspace settings</a>). Its visitors then reach your site with an <code>lh_cid</code> parameter; your server
        reports sign-ups with <code>POST /api/workspaces/{wsId}/track/lead</code> and payments with <code>…/track/sale</code>.
      </p>
    </EmptyState>
  );
}

/** The workspace's conversions: the funnel, revenue per currency over time, the links that sell, and what arrives live. */
export function ConversionsPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const range = useRange();
  const from = range.from || daysBefore(DEFAULT_DAYS - 1);
  const to = range.to || isoDay(new Date());
  // a stats filter in the address (as the overview and link analytics keep it) narrows the whole funnel
  const filter = useStatsFilter();
  const stats = useLoad(
    () => api.get('/api/workspaces/{wsId}/stats/conversions', { params: { path: { wsId }, query: { from, to, filter: filter.filter } } }),
    [wsId, from, to, filter.filter],
  );
  const live = useLiveTally(wsId, hasFeature(workspace.plan, 'conversions'), stats.data);
  const tally = clickTally(live.tally, filter.filter);
  const data = useMemo(() => stats.data && withLive(stats.data, tally, from, to), [stats.data, tally, from, to]);
  const rangeError = stats.error instanceof ApiFailure && ['from', 'to', 'filter'].includes(stats.error.field ?? '');
  const links = useMemo(
    () => Object.fromEntries((data?.top_links ?? []).flatMap((l) => (l.domain === null ? [] : [[l.link_id, `${l.domain}/${l.slug}`]]))),
    [data?.top_links],
  );
  const planRefused = isPlanRefusal(stats.error);

  return (
    <>
      <div class="page-header">
        <div>
          <h1>Conversions</h1>
          <p class="muted">Which links bring sign-ups and sales: clicks → leads → sales → revenue.</p>
        </div>
      </div>
      {planRefused ? (
        <>
          <FailureNotice error={stats.error} />
          <p>
            With it, links can send their visitors to your site with a click id, your server reports the sign-ups and payments that followed, and this page
            shows which links brought them, the revenue in each currency, and visits as they happen.
          </p>
        </>
      ) : (
        <>
          <RangePicker key={`${from}/${to}`} from={from} to={to} onRange={range.setRange} />
          <FilterChips filter={filter} />
          {stats.loading && !data && <Loading label="Loading the conversions…" />}
          {stats.error !== undefined && (
            <FailureNotice error={rangeError ? `${failureMessage(stats.error)}. Pick other days.` : stats.error} retry={stats.reload} />
          )}
          {data && (
            <>
              <h2 class="range-heading">
                {from} to {to}
              </h2>
              <Funnel stats={data} label={`Funnel, ${from} to ${to}`} />
              {data.leads === 0 && <HowToStart wsId={wsId} />}
              <section class="panel chart-panel revenue-panel" aria-labelledby="revenue-heading">
                <h2 id="revenue-heading">Revenue over time</h2>
                <RevenueCharts stats={data} from={from} to={to} />
              </section>
              <div class="panels">
                <TopLinksByRevenue wsId={wsId} rows={data.top_links} />
                <LivePanel status={live.status} recent={live.recent} links={links} />
              </div>
            </>
          )}
        </>
      )}
    </>
  );
}
