import { useMemo } from 'preact/hooks';
import { hasFeature } from '../../../../core/plans';
import { api, ApiFailure, failureMessage } from '../api';
import { DailyChart } from '../components/chart';
import { BotNote } from '../components/bot-note';
import { ImportedNote } from '../components/imported-note';
import { LivePanel } from '../components/live-panel';
import { clickTally, useLiveTally, utcToday, withLiveClicks } from '../components/live-tally';
import { RangePicker, useRange } from '../components/range-picker';
import { deltaText, FilterChips, filterValue, useStatsFilter } from '../components/stats-filters';
import { countryName, TopTable } from '../components/top-table';
import { useWorkspace } from '../session';
import { FailureNotice, Loading, useLoad } from '../ui';
import { LinkConversions } from './conversions/link-conversions';
import { LinkHealthSection } from './link-health';
import { LinkVariants } from './link-variants';

const number = new Intl.NumberFormat('en');

/**
 * One link's clicks over a chosen range (beside the period before) and where they came from (a click on a
 * row filters the page), its conversions, and its visits as they arrive.
 */
export function LinkAnalyticsPage({ wsId, linkId }: { wsId: string; linkId?: string }) {
  const { from, to, setRange } = useRange();
  const filter = useStatsFilter();
  const path = { wsId, linkId: linkId! };
  const link = useLoad(() => api.get('/api/workspaces/{wsId}/links/{linkId}', { params: { path } }), [wsId, linkId]);
  const stats = useLoad(
    () =>
      api.get('/api/workspaces/{wsId}/links/{linkId}/stats', {
        params: { path, query: { limit: 10, from: from || undefined, to: to || undefined, filter: filter.filter, compare: 'previous' } },
      }),
    [wsId, linkId, from, to, filter.filter],
  );
  const range = stats.data && { from: stats.data.from, to: stats.data.to };
  // the funnel follows the page's filter: its clicks, and the leads and sales that came of them
  const conversions = useLoad(
    async () =>
      range && api.get('/api/workspaces/{wsId}/stats/conversions', { params: { path: { wsId }, query: { link_id: linkId, ...range, filter: filter.filter } } }),
    [wsId, linkId, range?.from, range?.to, filter.filter],
  );
  // counted from the later of the two loads on: a click stored meanwhile may be missed, never counted twice
  const live = useLiveTally(wsId, hasFeature(useWorkspace().plan, 'stats'), conversions.data, linkId);
  const tally = clickTally(live.tally, filter.filter);
  const data = useMemo(() => stats.data && { ...stats.data, days: withLiveClicks(stats.data.days, tally) }, [stats.data, tally]);
  const today = tally.days[utcToday()]?.clicks ?? 0;
  const allTime = Object.values(tally.days).reduce((n, d) => n + d.clicks, 0);
  // the range's clicks, with those that arrived live on its days
  const inRange = data?.days.reduce((sum, d) => sum + d.clicks, 0) ?? 0;
  /** a breakdown row's click: the page filtered by its value */
  const pick = (dimension: string, value: string | null) => () => filter.add({ dimension, value: filterValue(value) });
  const rangeError = stats.error instanceof ApiFailure && ['from', 'to', 'filter'].includes(stats.error.field ?? '');
  const title = link.data ? link.data.title || link.data.short_url : 'Link';

  return (
    <>
      <div class="page-header">
        <div>
          <h1>Analytics: {title}</h1>
          {link.data && (
            <p class="muted">
              {link.data.short_url} → {link.data.target}
            </p>
          )}
        </div>
        <a href={`/app/w/${wsId}/links`}>Back to links</a>
      </div>
      {link.error !== undefined && <FailureNotice error={link.error} retry={link.reload} />}
      <RangePicker key={`${from || data?.from}/${to || data?.to}`} from={from || data?.from || ''} to={to || data?.to || ''} onRange={setRange} />
      <FilterChips filter={filter} />
      {stats.loading && <Loading label="Loading the clicks…" />}
      {stats.error !== undefined && (
        <FailureNotice error={rangeError ? `${failureMessage(stats.error)}. Pick other days.` : stats.error} retry={stats.reload} />
      )}
      {data && (
        <>
          <dl class="cards">
            <div class="card">
              <dt>
                Clicks, {data.from} to {data.to}
              </dt>
              <dd>
                {number.format(inRange)}
                {data.previous && <span class="delta">{deltaText(inRange, data.previous.clicks)}</span>}
              </dd>
            </div>
            <div class="card">
              <dt>Clicks, all time</dt>
              <dd>{number.format(data.total_clicks + allTime)}</dd>
            </div>
            <div class="card">
              <dt>Clicks today (UTC)</dt>
              <dd>{number.format(data.today_clicks + today)}</dd>
            </div>
            <div class="card">
              <dt>Countries, all time</dt>
              <dd>{number.format(data.total_countries)}</dd>
            </div>
          </dl>
          <BotNote visits={data.bot_visits} />
          <ImportedNote clicks={data.imported_clicks} from={data.imported_from} />
          <section class="panel chart-panel" aria-labelledby="clicks-heading">
            <h2 id="clicks-heading">Clicks over time</h2>
            <DailyChart title={`Clicks per day, ${data.from} to ${data.to}`} days={data.days} previous={data.previous?.days} />
          </section>
          <div class="panels">
            <TopTable
              title="Countries"
              column="Country"
              rows={data.countries.map((r) => ({ key: r.country ?? '', label: countryName(r.country), clicks: r.clicks, onPick: pick('country', r.country) }))}
            />
            <TopTable
              title="Referrers"
              column="Referrer"
              rows={data.referrers.map((r) => ({
                key: r.referrer ?? '',
                label: r.referrer ?? 'Direct or unknown',
                clicks: r.clicks,
                onPick: pick('referrer', r.referrer),
              }))}
            />
            <TopTable
              title="Devices"
              column="Device"
              rows={data.devices.map((r) => ({ key: r.device ?? '', label: r.device ?? 'Unknown', clicks: r.clicks, onPick: pick('device', r.device) }))}
            />
            <TopTable
              title="Browsers"
              column="Browser"
              rows={data.browsers.map((r) => ({ key: r.browser ?? '', label: r.browser ?? 'Unknown', clicks: r.clicks, onPick: pick('browser', r.browser) }))}
            />
            <TopTable
              title="Operating systems"
              column="OS"
              rows={data.os.map((r) => ({ key: r.os ?? '', label: r.os ?? 'Unknown', clicks: r.clicks, onPick: pick('os', r.os) }))}
            />
          </div>
          {!!link.data?.ab_variants?.length && <LinkVariants wsId={wsId} linkId={linkId!} from={data.from} to={data.to} />}
          <LinkConversions stats={conversions} from={data.from} to={data.to} tally={tally} />
          <LivePanel status={live.status} recent={live.recent} />
        </>
      )}
      <LinkHealthSection wsId={wsId} linkId={linkId!} />
    </>
  );
}
