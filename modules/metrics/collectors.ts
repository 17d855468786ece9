import { collectDefaultMetrics, type Metric, Registry } from 'prom-client';
import { replicaLagSeconds } from '../../core/db';
import type { Deps } from '../../core/deps';
import { type LatencyHistogram, metrics } from '../../core/metrics';
import pkg from '../../package.json';

const BUILD_VERSION = pkg.version;

/** what prom-client's registry prints of a series: a line per value, `metricName` when not the series' own (a histogram's `_bucket`) */
type Values = { metricName?: string; labels: Record<string, string | number>; value: number }[];
type Kind = 'counter' | 'gauge' | 'histogram';

/**
 * A series read when scraped: the hot paths only bump numbers (core/metrics.ts), prom-client's own
 * counters and histograms would hash their labels on every increment.
 */
function series(name: string, help: string, type: Kind, values: () => Values | Promise<Values>): Metric {
  return {
    name,
    help,
    type,
    aggregator: 'sum',
    async get() {
      return { name, help, type, aggregator: 'sum', values: await values() };
    },
  } as unknown as Metric;
}

/** Prometheus's cumulative buckets from the per-bucket counts. */
function histogramValues(name: string, histogram: LatencyHistogram, labels: Record<string, string> = {}): Values {
  const values: Values = [];
  let cumulative = 0;
  histogram.bounds.forEach((le, i) => {
    cumulative += histogram.counts[i]!;
    values.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative });
  });
  values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: histogram.count });
  values.push({ metricName: `${name}_sum`, labels, value: histogram.sum });
  values.push({ metricName: `${name}_count`, labels, value: histogram.count });
  return values;
}

/** One registry per app: this process's counters, the queues' counts, the database pool, and prom-client's process metrics (memory, CPU, event loop). */
export function createRegistry(deps: Deps): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const add = (metric: Metric) => registry.registerMetric(metric);
  add(
    series('linkhop_build_info', 'Constant 1, labelled with what this process runs: version, Bun, database kind', 'gauge', () => [
      { labels: { version: BUILD_VERSION, bun: Bun.version, database: deps.database.kind }, value: 1 },
    ]),
  );
  add(
    series('linkhop_redirects_total', 'Short-link visits by how they were answered', 'counter', () =>
      Object.entries(metrics.redirects).map(([outcome, value]) => ({ labels: { outcome }, value })),
    ),
  );
  add(
    series('linkhop_redirect_duration_seconds', 'Time to answer a short-link visit (click spooled included)', 'histogram', () =>
      histogramValues('linkhop_redirect_duration_seconds', metrics.redirectSeconds),
    ),
  );
  add(
    series('linkhop_api_request_duration_seconds', 'Time to answer an /api request, by route pattern, method and status', 'histogram', () =>
      [...metrics.apiSeconds.series.values()].flatMap(({ labels, histogram }) => histogramValues('linkhop_api_request_duration_seconds', histogram, labels)),
    ),
  );
  add(
    series('linkhop_link_cache_lookups_total', "The redirector's link lookups: in this process's cache (hit) or loaded (miss)", 'counter', () => [
      { labels: { result: 'hit' }, value: metrics.linkCache.hits },
      { labels: { result: 'miss' }, value: metrics.linkCache.misses },
    ]),
  );
  add(
    series(
      'linkhop_clicks_total',
      'Clicks taken into the in-memory batch (buffered), written to the click spool (spooled), stored in the database (stored)',
      'counter',
      () => Object.entries(metrics.clicks).map(([stage, value]) => ({ labels: { stage }, value })),
    ),
  );
  add(
    series(
      'linkhop_clicks_dropped_total',
      'Answered visits whose click was not kept: the click spool (reserve spent) and the in-memory backlog full (memory_full), or held in memory at shutdown (shutdown)',
      'counter',
      () => Object.entries(metrics.clicksDropped).map(([reason, value]) => ({ labels: { reason }, value })),
    ),
  );
  add(
    series(
      'linkhop_click_spool_reserve_bytes',
      "The click spool's disk reserve left (CLICK_SPOOL_RESERVE_MB when whole; less once a full disk used it)",
      'gauge',
      () => [{ labels: {}, value: metrics.clickSpool.reserveBytes }],
    ),
  );
  add(
    series(
      'linkhop_clicks_memory_only',
      'Answered clicks held in memory only, the click spool having refused them: what a crash now would lose',
      'gauge',
      () => [{ labels: {}, value: metrics.clickSpool.memoryOnly }],
    ),
  );
  add(
    series(
      'linkhop_event_handler_failures_total',
      'Event handlers that threw, by event and subscriber (a module, or plugin:<name>): events are not retried, so each is a reaction lost',
      'counter',
      () => [...metrics.eventHandlerFailures.values()].map(({ labels, count }) => ({ labels, value: count })),
    ),
  );
  add(
    series('linkhop_queue_jobs', 'Jobs per queue and state (BullMQ: across processes; in process: failed since start)', 'gauge', async () => {
      const counts = await deps.queue.counts().catch((err) => {
        deps.log.warn({ err }, 'metrics: queue counts unavailable');
        return {};
      });
      return Object.entries(counts).flatMap(([queue, c]) => Object.entries(c).map(([state, value]) => ({ labels: { queue, state }, value })));
    }),
  );
  add(
    series('linkhop_db_pool_max', 'Connections the database pool may open (embedded: one, in its own thread)', 'gauge', () => [
      { labels: { kind: deps.database.kind }, value: deps.database.pool().max },
    ]),
  );
  if (deps.replica) {
    const replica = deps.replica;
    add(
      series(
        'linkhop_db_replica_lag_seconds',
        'DATABASE_REPLICA_URL: how far the read replica trails the primary (absent while it does not answer)',
        'gauge',
        async () => {
          const lag = await replicaLagSeconds(replica.db).catch(() => undefined);
          return lag === undefined ? [] : [{ labels: {}, value: lag }];
        },
      ),
    );
  }
  add(
    series('linkhop_db_in_flight', 'Embedded database: statements sent to its thread and not answered yet', 'gauge', () => {
      const { inFlight } = deps.database.pool();
      return inFlight === undefined ? [] : [{ labels: {}, value: inFlight }];
    }),
  );
  return registry;
}
