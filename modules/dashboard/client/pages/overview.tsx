import { useMemo } from 'preact/hooks';
import { hasFeature, type Plan } from '../../../../core/plans';
import { api, ApiFailure, type ApiAnswer } from '../api';
import { DailyChart } from '../components/chart';
import { LivePanel } from '../components/live-panel';
import { type Tally, useLiveTally, utcToday, withLiveClicks } from '../components/live-tally';
import { countryName, TopTable } from '../components/top-table';
import { roleAtLeast, useWorkspace } from '../session';
import { AppLink, EmptyState, FailureNotice, Loading, PlanNotice, useLoad } from '../ui';

type Summary = ApiAnswer<'get', '/api/workspaces/{wsId}/stats/summary'>;

const number = new Intl.NumberFormat('en');

async function loadOverview(wsId: string) {
  const path = { wsId };
  const topLinks = api.get('/api/workspaces/{wsId}/links', { params: { path, query: { sort: 'click_count', order: 'desc', limit: 5 } } });
  try {
    const [summary, daily, countries] = await Promise.all([
      api.get('/api/workspaces/{wsId}/stats/summary', { params: { path } }),
      api.get('/api/workspaces/{wsId}/stats/daily', { params: { path } }),
      api.get('/api/workspaces/{wsId}/stats/countries', { params: { path, query: { limit: 5 } } }),
    ]);
    return { summary, days: daily.days, countries: countries.countries, links: await topLinks };
  } catch (error) {
    // a plan without stats: the links still show, with the API's reason for the rest
    if (error instanceof ApiFailure && error.status === 402) return { planReason: error.message, links: await topLinks };
    throw error;
  }
}

/** The totals, with the clicks that arrived live since they loaded. */
function Totals({ summary, tally }: { summary: Summary; tally: Tally }) {
  const live = Object.values(tally.days).reduce((n, d) => n + d.clicks, 0);
  const cards = [
    ['Links', summary.total_links],
    ['Clicks', summary.total_clicks + live],
    ['Clicks today (UTC)', summary.today_clicks + (tally.days[utcToday()]?.clicks ?? 0)],
    ['Countries', summary.total_countries],
  ] as const;
  return (
    <dl class="cards">
      {cards.map(([label, value]) => (
        <div class="card" key={label}>
          <dt>{label}</dt>
          <dd>{number.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The workspace at a glance: totals, clicks per day over 30 days (moving live), top links and countries, the latest visits. */
export function OverviewPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const overview = useLoad(() => loadOverview(wsId), [wsId]);
  const canCreate = roleAtLeast(workspace.role, 'editor');
  const live = useLiveTally(wsId, hasFeature(workspace.plan as Plan, 'stats'), overview.data);
  const data = overview.data;
  const days = useMemo(() => data && 'days' in data && data.days && withLiveClicks(data.days, live.tally), [data, live.tally]);
  const linkNames = useMemo(() => Object.fromEntries((data?.links.links ?? []).map((l) => [l.id, l.title || l.short_url])), [data]);

  return (
    <>
      <div class="page-header">
        <div>
          <h1>Overview</h1>
          <p class="muted">{workspace.name}</p>
        </div>
        {canCreate && (
          <AppLink class="button button-primary" href={`/app/w/${wsId}/links/new`}>
            New link
          </AppLink>
        )}
      </div>
      {overview.loading && !data && <Loading label="Loading the overview…" />}
      {overview.error !== undefined && <FailureNotice error={overview.error} retry={overview.reload} />}
      {data && data.links.total === 0 && (
        <EmptyState title="No links yet">
          {canCreate ? (
            <p>
              <AppLink href={`/app/w/${wsId}/links/new`}>Create your first short link</AppLink>; its clicks will show here.
            </p>
          ) : (
            <p>When an editor creates links in this workspace, their clicks will show here.</p>
          )}
        </EmptyState>
      )}
      {data && 'planReason' in data && (
        <PlanNotice message={`${data.planReason} Your ${number.format(data.links.total)} links keep working; the charts need a plan with stats.`} />
      )}
      {data && 'summary' in data && data.summary && (
        <>
          <Totals summary={data.summary} tally={live.tally} />
          <section class="panel chart-panel" aria-labelledby="daily-heading">
            <h2 id="daily-heading">Clicks per day, last 30 days</h2>
            <DailyChart title="Clicks per day, last 30 days" days={days || []} />
          </section>
        </>
      )}
      {data && data.links.total > 0 && (
        <div class="panels">
          <TopTable
            title="Top links"
            column="Link"
            rows={data.links.links.map((link) => ({
              key: link.id,
              clicks: link.click_count + (live.tally.linkClicks[link.id] ?? 0),
              label: (
                <AppLink href={`/app/w/${wsId}/links/${link.id}/analytics`}>
                  {link.title || link.short_url}
                  {link.title && <span class="workspace-meta">{link.short_url}</span>}
                </AppLink>
              ),
            }))}
          />
          {'countries' in data && data.countries && (
            <TopTable
              title="Top countries"
              column="Country"
              rows={data.countries.map((c) => ({ key: c.country ?? 'unknown', label: countryName(c.country), clicks: c.clicks }))}
            />
          )}
        </div>
      )}
      {data && 'summary' in data && <LivePanel status={live.status} recent={live.recent} links={linkNames} />}
    </>
  );
}
