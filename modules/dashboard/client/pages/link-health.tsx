import { api, isPlanRefusal } from '../api';
import { FailureNotice, Loading, PlanChange, useLoad } from '../ui';

const when = (at: string) => `${at.slice(0, 16).replace('T', ' ')} UTC`;

/** A monitored link's last check and its broken/recovered history; what to do when it is not monitored. */
export function LinkHealthSection({ wsId, linkId }: { wsId: string; linkId: string }) {
  const health = useLoad(() => api.get('/api/workspaces/{wsId}/links/{linkId}/health', { params: { path: { wsId, linkId } } }), [wsId, linkId]);
  const data = health.data;
  const notOnPlan = isPlanRefusal(health.error);
  return (
    <section class="panel health-panel" aria-labelledby="health-heading">
      <h2 id="health-heading">Health</h2>
      {health.loading && <Loading label="Loading the link's health…" />}
      {notOnPlan && (
        <>
          <p>Not monitored: link monitoring comes with the Pro plan and above.</p>
          <PlanChange />
        </>
      )}
      {health.error !== undefined && !notOnPlan && <FailureNotice error={health.error} retry={health.reload} />}
      {data && !data.monitoring && (
        <p>
          Not monitored. Turn on <strong>Monitoring</strong> in the <a href={`/app/w/${wsId}/links/${encodeURIComponent(linkId)}`}>link's settings</a> to have
          its target checked regularly and hear when it breaks.
        </p>
      )}
      {data?.monitoring && (
        <p>
          {data.state === null
            ? 'Monitored; not checked yet.'
            : `${data.state === 'ok' ? 'Working' : 'Broken'}: the target answered ${data.last_status} at the last check, ${when(data.checked_at!)}.`}
        </p>
      )}
      {data && data.events.length > 0 && (
        <ul class="health-events" aria-label="Health changes">
          {data.events.map((e) => (
            <li key={e.at + e.type}>
              <strong>{e.type === 'link.broken' ? 'Broken' : 'Recovered'}</strong> {when(e.at)}, status {e.status}
            </li>
          ))}
        </ul>
      )}
      {data?.monitoring && data.state !== null && !data.events.length && <p class="muted">No breakage seen.</p>}
    </section>
  );
}
