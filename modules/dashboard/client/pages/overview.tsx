import { api, ApiFailure, type ApiAnswer } from '../api';
import { DailyChart } from '../components/chart';
import { countryName, TopTable } from '../components/top-table';
import { roleAtLeast, useWorkspace } from '../session';
import { EmptyState, FailureNotice, Loading, PlanNotice, useLoad } from '../ui';

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

function Totals({ summary }: { summary: Summary }) {
  const cards = [
    ['Links', summary.total_links],
    ['Clicks', summary.total_clicks],
    ['Clicks today (UTC)', summary.today_clicks],
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

/** The workspace at a glance: totals, clicks per day over 30 days, top links and countries. */
export function OverviewPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const overview = useLoad(() => loadOverview(wsId), [wsId]);
  const canCreate = roleAtLeast(workspace.role, 'editor');
  const data = overview.data;

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
      {data && 'summary' in data && data.summary && (
        <>
          <Totals summary={data.summary} />
          <section class="panel chart-panel" aria-labelledby="daily-heading">
            <h2 id="daily-heading">Clicks per day, last 30 days</h2>
            <DailyChart title="Clicks per day, last 30 days" days={data.days} />
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
              clicks: link.click_count,
              label: (
                <a href={`/app/w/${wsId}/links/${link.id}/analytics`}>
                  {link.title || link.short_url}
                  {link.title && <span class="workspace-meta">{link.short_url}</span>}
                </a>
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
    </>
  );
}
