import { useEffect, useRef, useState } from 'preact/hooks';

/** The live view's events, as `GET …/stats/live` sends them. */
export interface LiveClick {
  id: string;
  link_id: string;
  domain: string;
  slug: string;
  clicked_at: string;
  country: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
  referrer_host: string | null;
}
export interface LiveLead {
  lead_id: string;
  link_id: string;
  customer_id: string;
  event_name: string;
  created_at: string;
}
export interface LiveSale extends Omit<LiveLead, 'lead_id'> {
  sale_id: string;
  amount: number;
  currency: string;
}
export type LiveEvent = { type: 'click'; data: LiveClick } | { type: 'lead'; data: LiveLead } | { type: 'sale'; data: LiveSale };

/** off: not asked for (a plan without stats); connecting: the first time; live: open; reconnecting: lost, trying again. */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

/** Events arriving together (a stored batch of clicks) are handed over at once, so the page redraws once. */
const GATHER_MS = 200;
/** How many of the last events the panel lists. */
export const RECENT_EVENTS = 20;
/** A stream the browser gave up on (an HTTP error, a server restart) is opened again after 2 s, doubling up to a minute. */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;
const TYPES = ['click', 'lead', 'sale'] as const;

/**
 * The workspace's live stream while the page is open (an EventSource with the session's cookie):
 * `onEvents` gets each arriving group of events (only `linkId`'s when given); `recent` holds the last
 * RECENT_EVENTS, newest first.
 * The browser reconnects a dropped stream by itself; one it closed is opened again with a backoff.
 * Leaving the page closes it.
 */
export function useLive(wsId: string, enabled: boolean, onEvents: (events: LiveEvent[]) => void, linkId?: string) {
  const [status, setStatus] = useState<LiveStatus>(enabled ? 'connecting' : 'off');
  const [recent, setRecent] = useState<LiveEvent[]>([]);
  const handler = useRef(onEvents);
  handler.current = onEvents;

  useEffect(() => {
    if (!enabled) return setStatus('off');
    let source: EventSource;
    let gathered: LiveEvent[] = [];
    let gatherTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_FIRST_MS;
    const handOver = () => {
      gatherTimer = undefined;
      const events = gathered;
      gathered = [];
      handler.current(events);
      setRecent((list) => [...events.reverse(), ...list].slice(0, RECENT_EVENTS));
    };
    const open = () => {
      source = new EventSource(`/api/workspaces/${encodeURIComponent(wsId)}/stats/live`);
      source.onopen = () => {
        retryMs = RETRY_FIRST_MS;
        setStatus('live');
      };
      source.onerror = () => {
        setStatus((s) => (s === 'connecting' ? s : 'reconnecting'));
        if (source.readyState !== EventSource.CLOSED) return;
        retryTimer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      };
      for (const type of TYPES)
        source.addEventListener(type, (event: MessageEvent<string>) => {
          // the payload of each type is the server's (modules/live/hooks.ts), typed above
          const live: LiveEvent = { type, data: JSON.parse(event.data) };
          if (linkId && live.data.link_id !== linkId) return;
          gathered.push(live);
          gatherTimer ??= setTimeout(handOver, GATHER_MS);
        });
    };
    setStatus('connecting');
    open();
    return () => {
      source.close();
      clearTimeout(gatherTimer);
      clearTimeout(retryTimer);
    };
  }, [wsId, enabled, linkId]);

  return { status, recent };
}
