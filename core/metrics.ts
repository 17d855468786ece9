/**
 * What the hot paths count, as plain numbers: a redirect bumps a property, allocating nothing.
 * modules/metrics reads them when Prometheus scrapes `/metrics`. One set per process (a test
 * process with several apps shares it: the series only ever rise).
 */

/** How a short-link visit was answered. */
export interface RedirectOutcomes {
  /** a redirect to the link's target, counted as a click */
  redirect: number;
  /** a redirect to the link's target, not counted: a bot's */
  bot: number;
  /** a page instead of a redirect (a stage's: interstitial, deep link) */
  page: number;
  /** a social bot's preview page (the link's og_* tags) */
  preview: number;
  /** the password form, a wrong password, or too many tries */
  password: number;
  /** past `expires_at`: the fallback, the workspace's expired page, or 410 */
  expired: number;
  /** no such link, domain or workspace */
  not_found: number;
  /** an IP probing for links, refused (429) */
  rate_limited: number;
}

/** Latency buckets (seconds) of a histogram: counts per bucket, sum, count. */
export class LatencyHistogram {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }
  /** the first bucket the value fits in; Prometheus's cumulative counts are summed when scraped */
  observe(seconds: number): void {
    const { bounds } = this;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    if (i < bounds.length) this.counts[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

/** One latency histogram per label set: the API's per route pattern, method and status (a bounded set: never raw paths). */
export class LabelledHistograms {
  readonly series = new Map<string, { labels: Record<string, string>; histogram: LatencyHistogram }>();
  constructor(readonly bounds: readonly number[]) {}
  observe(labels: Record<string, string>, seconds: number): void {
    const key = Object.values(labels).join('\u0000');
    let entry = this.series.get(key);
    if (!entry) this.series.set(key, (entry = { labels, histogram: new LatencyHistogram(this.bounds) }));
    entry.histogram.observe(seconds);
  }
}

/** A cached redirect answers in tens of microseconds; a lookup or a password check takes milliseconds. */
const REDIRECT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const API_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

export const metrics = {
  redirects: {
    redirect: 0,
    bot: 0,
    page: 0,
    preview: 0,
    password: 0,
    expired: 0,
    not_found: 0,
    rate_limited: 0,
  } satisfies RedirectOutcomes as RedirectOutcomes,
  redirectSeconds: new LatencyHistogram(REDIRECT_BUCKETS),
  /** /api answers by route pattern, method and status */
  apiSeconds: new LabelledHistograms(API_BUCKETS),
  /** the redirector's link lookups: answered from this process's cache, or loaded (Redis, then the database) */
  linkCache: { hits: 0, misses: 0 },
  /** clicks taken into the in-memory batch, written to the click spool, stored in the database (by this process) */
  clicks: { buffered: 0, spooled: 0, stored: 0 },
  /**
   * answered visits whose click is not kept: the click spool (its reserve spent) and the in-memory
   * backlog both full (`memory_full`); held in memory only, and not stored by shutdown (`shutdown`)
   */
  clicksDropped: { memory_full: 0, shutdown: 0 },
  /** the click spool's reserve left (bytes); the answered clicks held in memory only (the spool refused them: a crash would lose them) */
  clickSpool: { reserveBytes: 0, memoryOnly: 0 },
  /** event handlers that threw (by event and by who subscribed: a module, `plugin:<name>`): an event is never retried, so each is a lost reaction */
  eventHandlerFailures: new Map<string, { labels: { event: string; source: string }; count: number }>(),
};

/** Counts one failed event handler (core/hooks.ts). */
export function countEventHandlerFailure(event: string, source: string): void {
  const key = `${event} ${source}`;
  const entry = metrics.eventHandlerFailures.get(key);
  if (entry) entry.count++;
  else metrics.eventHandlerFailures.set(key, { labels: { event, source }, count: 1 });
}
