import { useMemo } from 'preact/hooks';
import { hasFeature } from '../../../../core/plans';
import { api, type ApiAnswer, isPlanRefusal } from '../api';
import { DailyChart } from '../components/chart';
import { BotNote } from '../components/bot-note';
import { LivePanel } from '../components/live-panel';
import { RangePicker, useRange } from '../components/range-picker';
import { clickTally, type Tally, useLiveTally, utcToday, withLiveClicks } from '../components/live-tally';
import { deltaText, FilterChips, type FilterTerm, filterValue, useStatsFilter } from '../components/stats-filters';
import { CountsTable, countryName, TopTable } from '../components/top-table';
import { roleAtLeast, useWorkspace } from '../session';
import { EmptyState, FailureNotice, Loading, PlanNotice, useLoad } from '../ui';

type Summary = ApiAnswer<'get', '/api/workspaces/{wsId}/stats/summary'>;
type Daily = ApiAnswer<'get', '/api/workspaces/{wsId}/stats/daily'>;
type Utm = ApiAnswer<'get', '/api/workspaces/{wsId}/stats/utm'>;

const number = new Intl.NumberFormat('en');

/** `from`/`to` undefined: the API's defaults (the chart's last 30 days, the breakdowns' all time). */
async function loadOverview(wsId: string, filter: string | undefined, from: string | undefined, to: string | undefined) {
  const path = { wsId };
  const topLinks = api.get('/api/workspaces/{wsId}/links', { params: { path, query: { sort: 'click_count', order: 'desc', limit: 5 } } });
  const top = { limit: 5, filter, from, to };
  try {
    const [summary, daily, countries, referrers, devices, clicked, utm] = await Promise.all([
      api.get('/api/workspaces/{wsId}/stats/summary', { params: { path, query: { filter } } }),
      api.get('/api/workspaces/{wsId}/stats/daily', { params: { path, query: { filter, compare: 'previous', from, to } } }),
      api.get('/api/workspaces/{wsId}/stats/countries', { params: { path, query: top } }),
      api.get('/api/workspaces/{wsId}/stats/referrers', { params: { path, query: top } }),
      api.get('/api/workspaces/{wsId}/stats/devices', { params: { path, query: top } }),
      api.get('/api/workspaces/{wsId}/stats/links', { params: { path, query: top } }),
      api.get('/api/workspaces/{wsId}/stats/utm', { params: { path, query: top } }),
    ]);
    return { summary, daily, countries: countries.countries, referrers: referrers.referrers, devices, clicked: clicked.links, utm, links: await topLinks };
  } catch (error) {
    // a plan without stats: the links still show, with the API's reason for the rest
    if (isPlanRefusal(error)) return { planReason: error.message, links: await topLinks };
    throw error;
  }
}

/** The totals, with the clicks that arrived live since they loaded. */
function Totals({ summary, daily, tally, rangeText }: { summary: Summary; daily: Daily; tally: Tally; rangeText: string }) {
  const live = Object.values(tally.days).reduce((n, d) => n + d.clicks, 0);
  const cards = [
    ['Links', summary.total_links],
    ['Clicks, all time', summary.total_clicks + live],
    ['Clicks today (UTC)', summary.today_clicks + (tally.days[utcToday()]?.clicks ?? 0)],
    ['Countries', summary.total_countries],
  ] as const;
  return (
    <>
      <dl class="cards">
        <div class="card">
          <dt>Clicks, {rangeText}</dt>
          <dd>
            {number.format(daily.clicks + live)}
            {daily.previous && <span class="delta">{deltaText(daily.clicks, daily.previous.clicks)}</span>}
          </dd>
        </div>
        {cards.map(([label, value]) => (
          <div class="card" key={label}>
            <dt>{label}</dt>
            <dd>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      <BotNote visits={summary.bot_visits} />
    </>
  );
}

/** Each parameter's table: its filter dimension, its name, and its rows as (value, clicks) (each list names its value after the parameter). */
const UTM_PARTS = [
  ['utm_source', 'Source', (utm: Utm) => utm.sources.map((r) => ({ value: r.utm_source, clicks: r.clicks }))],
  ['utm_medium', 'Medium', (utm: Utm) => utm.mediums.map((r) => ({ value: r.utm_medium, clicks: r.clicks }))],
  ['utm_campaign', 'Campaign', (utm: Utm) => utm.campaigns.map((r) => ({ value: r.utm_campaign, clicks: r.clicks }))],
] as const;

/** Clicks by the UTM parameters their links send (`/stats/utm`), a table per parameter; a row filters the page. */
function UtmPanel({ utm, onPick }: { utm: Utm; onPick(term: FilterTerm): void }) {
  const empty = UTM_PARTS.every(([, , rowsOf]) => rowsOf(utm).length === 0);
  return (
    <section class="panel" aria-labelledby="utm-heading">
      <h2 id="utm-heading">UTM breakdown</h2>
      {empty ? (
        <p class="muted">No clicks yet.</p>
      ) : (
        UTM_PARTS.map(([dimension, column, rowsOf]) => {
          const rows = rowsOf(utm).map(({ value, clicks }) => ({
            key: value ?? '',
            label: value ?? 'None sent',
            clicks,
            onPick: () => onPick({ dimension, value: filterValue(value) }),
          }));
          return rows.length ? <CountsTable key={dimension} column={`UTM ${column.toLowerCase()}`} rows={rows} /> : null;
        })
      )}
    </section>
  );
}

/**
 * The workspace at a glance: totals, clicks per day over 30 days beside the 30 before, top links,
 * countries, referrers and devices (a click on any of their rows filters the whole page), the latest
 * visits; unfiltered, the figures move live while the page is open.
 */
export function OverviewPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const filter = useStatsFilter();
  const range = useRange();
  const ranged = Boolean(range.from || range.to);
  const overview = useLoad(
    () => loadOverview(wsId, filter.filter, range.from || undefined, range.to || undefined),
    [wsId, filter.filter, range.from, range.to],
  );
  const canCreate = roleAtLeast(workspace.role, 'editor');
  const live = useLiveTally(wsId, hasFeature(workspace.plan, 'stats'), overview.data);
  const data = overview.data;
  const stats = data?.summary ? data : undefined;
  // a chosen range is a view like a filter: the live clicks (today's, unfiltered) are not added to it
  const tally = clickTally(live.tally, filter.filter ?? (ranged ? `${range.from}/${range.to}` : undefined));
  const rangeText = stats && ranged ? `${stats.daily.from} to ${stats.daily.to}` : 'last 30 days';
  const days = useMemo(() => stats && withLiveClicks(stats.daily.days, tally), [stats, tally]);
  const linkNames = useMemo(() => Object.fromEntries((data?.links.links ?? []).map((l) => [l.id, l.title || l.short_url])), [data]);
  // unfiltered, the most clicked links of all time (new clicks added live); filtered or ranged, the stats' top links
  const topLinks = stats
    ? filter.filter || ranged
      ? stats.clicked.map((l) => ({ id: l.link_id, clicks: l.clicks, name: l.title || `${l.domain}/${l.slug}` }))
      : stats.links.links.map((l) => ({ id: l.id, clicks: l.click_count + (tally.linkClicks[l.id] ?? 0), name: l.title || l.short_url }))
    : [];

  return (
    <>
      <div class="page-header">
        <div>
          <h1>Overview</h1>
          <p class="muted">{workspace.name}</p>
        </div>
        {canCreate && (
          <a class="button button-primary" href={`/app/w/${wsId}/links/new`}>
            New link
          </a>
        )}
      </div>
      {overview.loading && !data && <Loading label="Loading the overview…" />}
      {overview.error !== undefined && <FailureNotice error={overview.error} retry={overview.reload} />}
      {data && data.links.total === 0 && (
        <EmptyState title="No links yet">
          {canCreate ? (
            <p>
              <a href={`/app/w/${wsId}/links/new`}>Create your first short link</a>; its clicks will show here.
            </p>
          ) : (
            <p>When an editor creates links in this workspace, their clicks will show here.</p>
          )}
        </EmptyState>
      )}
      {data && 'planReason' in data && (
        <PlanNotice message={`${data.planReason} Your ${number.format(data.links.total)} links keep working; the charts need a plan with stats.`} />
      )}
      {stats && (
        <RangePicker
          key={`${stats.daily.from}/${stats.daily.to}`}
          from={range.from || stats.daily.from}
          to={range.to || stats.daily.to}
          onRange={range.setRange}
        />
      )}
      <FilterChips filter={filter} linkNames={stats && new Map(stats.clicked.map((l) => [l.link_id, l.title || `${l.domain}/${l.slug}`]))} />
      {stats && (
        <>
          <Totals summary={stats.summary} daily={stats.daily} tally={tally} rangeText={rangeText} />
          <section class="panel chart-panel" aria-labelledby="daily-heading">
            <h2 id="daily-heading">Clicks per day, {rangeText}</h2>
            <DailyChart title={`Clicks per day, ${rangeText}`} days={days ?? []} previous={stats.daily.previous?.days} />
          </section>
        </>
      )}
      {stats && stats.links.total > 0 && (
        <div class="panels">
          <TopTable
            title="Top links"
            column="Link"
            rows={topLinks.map((link) => ({
              key: link.id,
              clicks: link.clicks,
              label: link.name,
              onPick: () => filter.add({ dimension: 'link', value: link.id }),
              extra: (
                <a class="row-link" href={`/app/w/${wsId}/links/${link.id}/analytics`}>
                  Analytics<span class="visually-hidden"> of {link.name}</span>
                </a>
              ),
            }))}
          />
          <TopTable
            title="Top countries"
            column="Country"
            rows={stats.countries.map((c) => ({
              key: c.country ?? 'unknown',
              label: countryName(c.country),
              clicks: c.clicks,
              onPick: () => filter.add({ dimension: 'country', value: filterValue(c.country) }),
            }))}
          />
          <TopTable
            title="Top referrers"
            column="Referrer"
            rows={stats.referrers.map((r) => ({
              key: r.referrer ?? '',
              label: r.referrer ?? 'Direct or unknown',
              clicks: r.clicks,
              onPick: () => filter.add({ dimension: 'referrer', value: filterValue(r.referrer) }),
            }))}
          />
          <TopTable
            title="Top devices"
            column="Device"
            rows={stats.devices.devices.map((r) => ({
              key: r.device ?? '',
              label: r.device ?? 'Unknown',
              clicks: r.clicks,
              onPick: () => filter.add({ dimension: 'device', value: filterValue(r.device) }),
            }))}
          />
          <UtmPanel utm={stats.utm} onPick={filter.add} />
        </div>
      )}
      {data?.planReason && data.links.total > 0 && (
        <div class="panels">
          <TopTable
            title="Top links"
            column="Link"
            rows={data.links.links.map((link) => ({
              key: link.id,
              clicks: link.click_count,
              label: (
                <a href={`/app/w/${wsId}/links/${link.id}/analytics`}>
                  {link.title || link.short_url}
                  {link.title && <span class="workspace-meta">{link.short_url}</span>}
                </a>
              ),
            }))}
          />
        </div>
      )}
      {stats && <LivePanel status={live.status} recent={live.recent} links={linkNames} />}
    </>
  );
}
