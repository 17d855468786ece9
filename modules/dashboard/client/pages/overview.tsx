import { useMemo } from 'preact/hooks';
import { hasFeature, type Plan } from '../../../../core/plans';
import { api, ApiFailure, type ApiAnswer } from '../api';
import { DailyChart } from '../components/chart';
import { BotNote } from '../components/bot-note';
import { LivePanel } from '../components/live-panel';
import { clickTally, type Tally, useLiveTally, utcToday, withLiveClicks } from '../components/live-tally';
import { deltaText, FilterChips, filterValue, useStatsFilter } from '../components/stats-filters';
import { countryName, TopTable } from '../components/top-table';
import { roleAtLeast, useWorkspace } from '../session';
import { EmptyState, FailureNotice, Loading, PlanNotice, useLoad } from '../ui';

type Summary = ApiAnswer<'get', '/api/workspaces/{wsId}/stats/summary'>;
type Daily = ApiAnswer<'get', '/api/workspaces/{wsId}/stats/daily'>;

const number = new Intl.NumberFormat('en');

async function loadOverview(wsId: string, filter: string | undefined) {
  const path = { wsId };
  const topLinks = api.get('/api/workspaces/{wsId}/links', { params: { path, query: { sort: 'click_count', order: 'desc', limit: 5 } } });
  const top = { limit: 5, filter };
  try {
    const [summary, daily, countries, referrers, devices, clicked] = await Promise.all([
      api.get('/api/workspaces/{wsId}/stats/summary', { params: { path, query: { filter } } }),
      api.get('/api/workspaces/{wsId}/stats/daily', { params: { path, query: { filter, compare: 'previous' } } }),
      api.get('/api/workspaces/{wsId}/stats/countries', { params: { path, query: top } }),
      api.get('/api/workspaces/{wsId}/stats/referrers', { params: { path, query: top } }),
      api.get('/api/workspaces/{wsId}/stats/devices', { params: { path, query: top } }),
      api.get('/api/workspaces/{wsId}/stats/links', { params: { path, query: top } }),
    ]);
    return { summary, daily, countries: countries.countries, referrers: referrers.referrers, devices, clicked: clicked.links, links: await topLinks };
  } catch (error) {
    // a plan without stats: the links still show, with the API's reason for the rest
    if (error instanceof ApiFailure && error.status === 402) return { planReason: error.message, links: await topLinks };
    throw error;
  }
}

/** The totals, with the clicks that arrived live since they loaded. */
function Totals({ summary, daily, tally }: { summary: Summary; daily: Daily; tally: Tally }) {
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
          <dt>Clicks, last 30 days</dt>
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

/**
 * The workspace at a glance: totals, clicks per day over 30 days beside the 30 before, top links,
 * countries, referrers and devices (a click on any of their rows filters the whole page), the latest
 * visits; unfiltered, the figures move live while the page is open.
 */
export function OverviewPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const filter = useStatsFilter();
  const overview = useLoad(() => loadOverview(wsId, filter.filter), [wsId, filter.filter]);
  const canCreate = roleAtLeast(workspace.role, 'editor');
  const live = useLiveTally(wsId, hasFeature(workspace.plan as Plan, 'stats'), overview.data);
  const data = overview.data;
  const stats = data?.summary ? data : undefined;
  const tally = clickTally(live.tally, filter.filter);
  const days = useMemo(() => stats && withLiveClicks(stats.daily.days, tally), [stats, tally]);
  const linkNames = useMemo(() => Object.fromEntries((data?.links.links ?? []).map((l) => [l.id, l.title || l.short_url])), [data]);
  // unfiltered, the most clicked links of all time (new clicks added live); filtered, the stats' top links
  const topLinks = stats
    ? filter.filter
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
      <FilterChips filter={filter} linkNames={stats && new Map(stats.clicked.map((l) => [l.link_id, l.title || `${l.domain}/${l.slug}`]))} />
      {stats && (
        <>
          <Totals summary={stats.summary} daily={stats.daily} tally={tally} />
          <section class="panel chart-panel" aria-labelledby="daily-heading">
            <h2 id="daily-heading">Clicks per day, last 30 days</h2>
            <DailyChart title="Clicks per day, last 30 days" days={days ?? []} previous={stats.daily.previous?.days} />
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
