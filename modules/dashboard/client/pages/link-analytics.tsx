import { useState } from 'preact/hooks';
import { api, ApiFailure } from '../api';
import { DailyChart } from '../components/chart';
import { deltaText, FilterChips, filterValue, useStatsFilter } from '../components/stats-filters';
import { countryName, TopTable } from '../components/top-table';
import { LinkHealthSection } from './link-health';
import { Button, Field, FailureNotice, Loading, navigate, useLoad, useLocation } from '../ui';

const number = new Intl.NumberFormat('en');
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));
const PRESETS = [7, 30, 90, 365];

/** The range shown: `?from=&to=` when valid days, else the API's default (the last 30 days). */
function rangeOf(query: URLSearchParams) {
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  return { from: DAY.test(from) ? from : '', to: DAY.test(to) ? to : '' };
}

function RangePicker({ from, to, onRange }: { from: string; to: string; onRange(from: string, to: string): void }) {
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

/** One link's clicks over a chosen range (beside the period before) and where they came from; a click on a row filters the page. */
export function LinkAnalyticsPage({ wsId, linkId }: { wsId: string; linkId?: string }) {
  const { path: address, query } = useLocation();
  const { from, to } = rangeOf(query);
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
  const setRange = (nextFrom: string, nextTo: string) => {
    const params = new URLSearchParams({ ...(nextFrom && { from: nextFrom }), ...(nextTo && { to: nextTo }), ...(filter.filter && { filter: filter.filter }) });
    navigate(`${address}${params.size ? `?${params}` : ''}`, { replace: true });
  };
  /** a breakdown row's click: the page filtered by its value */
  const pick = (dimension: string, value: string | null) => () => filter.add({ dimension, value: filterValue(value) });
  const data = stats.data;
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
        <FailureNotice error={rangeError ? `${(stats.error as Error).message}. Pick other days.` : stats.error} retry={stats.reload} />
      )}
      {data && (
        <>
          <dl class="cards">
            <div class="card">
              <dt>
                Clicks, {data.from} to {data.to}
              </dt>
              <dd>
                {number.format(data.clicks)}
                {data.previous && <span class="delta">{deltaText(data.clicks, data.previous.clicks)}</span>}
              </dd>
            </div>
            <div class="card">
              <dt>Clicks, all time</dt>
              <dd>{number.format(data.total_clicks)}</dd>
            </div>
            <div class="card">
              <dt>Clicks today (UTC)</dt>
              <dd>{number.format(data.today_clicks)}</dd>
            </div>
            <div class="card">
              <dt>Countries, all time</dt>
              <dd>{number.format(data.total_countries)}</dd>
            </div>
          </dl>
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
        </>
      )}
      <LinkHealthSection wsId={wsId} linkId={linkId!} />
    </>
  );
}
