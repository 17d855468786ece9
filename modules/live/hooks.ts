import type { Deps } from '../../core/deps';
import type { ClickRecord } from '../../core/hooks';
import { liveHub, type LiveEvent } from './hub';
import { liveStreams } from './streams';

/** A referrer as the live view shows it: its host only. */
function referrerHost(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).hostname || null;
  } catch {
    return null;
  }
}

/** A stored click as the live view shows it: the link, when, and the visitor's country, device, browser and OS. */
const clickEvent = (click: ClickRecord): LiveEvent => ({
  type: 'click',
  data: {
    id: click.id,
    link_id: click.link_id,
    domain: click.domain,
    slug: click.slug,
    clicked_at: new Date(click.clicked_at).toISOString(),
    country: click.country,
    device: click.device,
    browser: click.browser,
    os: click.os,
    referrer_host: referrerHost(click.referer),
  },
});

/**
 * Stored clicks (once each: `clicks.recorded` carries only the rows inserted now), leads and sales
 * go to the live view of their workspace when someone watches it.
 */
export function registerLive(deps: Deps) {
  const hub = () => liveHub(deps);
  deps.bus.on(
    'clicks.recorded',
    async (recorded) => {
      try {
        const watched = new Set(await hub().watchedAmong(recorded.workspaceIds));
        if (!watched.size) return;
        const byWorkspace = new Map<string, LiveEvent[]>();
        for (const click of recorded.clicks) {
          if (!watched.has(click.workspace_id)) continue;
          const list = byWorkspace.get(click.workspace_id);
          if (list) list.push(clickEvent(click));
          else byWorkspace.set(click.workspace_id, [clickEvent(click)]);
        }
        for (const [workspaceId, events] of byWorkspace) hub().publish(workspaceId, events);
      } catch (err) {
        deps.log.warn({ err }, 'live view: clicks not published');
      }
    },
    { source: 'live' },
  );
  const publish = async (workspaceId: string, event: LiveEvent) => {
    if ((await hub().watchedAmong([workspaceId])).length) hub().publish(workspaceId, [event]);
  };
  // the customer's email, name and metadata stay out of the live view
  deps.bus.on(
    'lead.created',
    ({ workspaceId, data: { lead_id, link_id, customer_id, event_name, created_at } }) =>
      publish(workspaceId, { type: 'lead', data: { lead_id, link_id, customer_id, event_name, created_at } }),
    { source: 'live' },
  );
  deps.bus.on(
    'sale.created',
    ({ workspaceId, data: { sale_id, link_id, customer_id, event_name, amount, currency, created_at } }) =>
      publish(workspaceId, { type: 'sale', data: { sale_id, link_id, customer_id, event_name, amount, currency, created_at } }),
    { source: 'live' },
  );
  registerRevocations(deps);
}

/**
 * A stream closes as soon as this process hears that its credential or access went (the periodic
 * check in streams.ts catches what other processes change). A removed member, a deleted key or an
 * ended session closes at once; a role, plan or workspace change has the guard asked again.
 */
function registerRevocations(deps: Deps) {
  const streams = () => liveStreams(deps);
  const recheckFailed = (err: unknown) => deps.log.warn({ err }, 'live view: streams not checked again');
  deps.bus.on('api_key.deleted', ({ data }) => streams().keyDeleted(data.id), { source: 'live' });
  deps.bus.on('sessions.ended', ({ sessionIds }) => streams().sessionsEnded(sessionIds), { source: 'live' });
  deps.bus.on('member.removed', ({ workspaceId, data }) => streams().memberRemoved(workspaceId, data.user_id), { source: 'live' });
  deps.bus.on(
    'member.role_changed',
    ({ workspaceId, data }) =>
      void streams()
        .recheckWhere((actor, stream) => actor.userId === data.user_id && stream.workspaceId === workspaceId)
        .catch(recheckFailed),
    { source: 'live' },
  );
  // a deleted workspace takes its keys along, also where they opened its client workspaces
  deps.bus.on(
    'workspace.changed',
    ({ workspaceId }) =>
      void streams()
        .recheckWhere((actor, stream) => stream.workspaceId === workspaceId || (actor.via === 'key' && actor.keyWorkspaceId === workspaceId))
        .catch(recheckFailed),
    { source: 'live' },
  );
}
