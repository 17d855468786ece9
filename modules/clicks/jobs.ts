import type { Deps } from '../../core/deps';
import { metrics } from '../../core/metrics';
import { getWorkspaceRow } from '../workspaces';
import { BATCH_MAX, compactBatch, EMBEDDED_BATCH_MAX } from './batch';
import type { ClickRecord } from '../../core/hooks';
import { forgetLinkClicks, forgetWorkspaceClicks } from './cleanup';
import { closeFacetDays } from './facets';
import { publishClickCounts } from './counts';
import { dropExpiredClicks, ensureClickPartitions, pruneClickBookkeeping } from './maintenance';
import { storeBotVisits, storeClicks } from './service';
import { StoreGroups } from './store-groups';

/**
 * Click batches stored per transaction, [at most clicks, transactions at once, linger ms]. A group
 * only grows when batches wait: while storing falls behind, or for `linger` ms after its first batch
 * came. Production: up to four batches together, two transactions at once, no linger
 * (bench/click-storage.ts; waiting for more batches did not lower PostgreSQL's share on 5,000 random
 * links, the worker being behind already). Embedded: one transaction at a time (PGlite is one
 * connection), up to eight batches of 500, gathered for 200 ms: each statement costs PGlite about
 * the same however few its rows. With four batches and no linger, its thread spent 8.6–8.9 µs per
 * redirect under load and stored 496,000 of 554,000 clicks within the window; with eight and the
 * linger, 7.2–7.4 µs and all of them (bench/embedded-threads.ts, quiet machine, alternating). An
 * API read during that load waits behind a longer transaction: p50 25 → 18 ms, p95 48 → 76 ms. A
 * click reaches the database ~0.3 s after its visit instead of ~0.1 s.
 */
const GROUPS: [number, number, number] = [4 * BATCH_MAX, 2, 0];
const EMBEDDED_GROUPS: [number, number, number] = [8 * EMBEDDED_BATCH_MAX, 1, 200];

export function registerJobs(deps: Deps) {
  const groups = new StoreGroups(
    async (batches) => {
      const stored = await storeClicks(deps.db, ...batches);
      publishClickCounts(deps, batches, stored.counts);
      metrics.clicks.stored += stored.inserted;
      if (!stored.counts.size) return;
      let clicks: ClickRecord[] | undefined;
      await deps.bus.run('clicks.recorded', {
        workspaceIds: stored.workspaceIds,
        get clicks() {
          return (clicks ??= stored.clicks());
        },
      });
    },
    ...(deps.queue.kind === 'memory' ? EMBEDDED_GROUPS : GROUPS),
  );
  deps.queue.register('clicks.record', (job) => groups.add(compactBatch(job)));
  deps.queue.register('clicks.bots', (job) => storeBotVisits(deps.db, job));
  deps.queue.register('clicks.forget', async ({ workspaceId, linkId }) => {
    if (linkId) await forgetLinkClicks(deps.db, workspaceId, linkId);
    else if (!(await getWorkspaceRow(deps.db, workspaceId))) await forgetWorkspaceClicks(deps.db, workspaceId);
  });
  deps.queue.register('clicks.close-facets', async () => {
    const closed = await closeFacetDays(deps.db);
    if (closed.length) deps.log.info({ closed }, 'facet days closed');
  });
  deps.queue.register('clicks.maintain', async () => {
    const made = await ensureClickPartitions(deps.db);
    const dropped = deps.config.clickRetentionDays ? await dropExpiredClicks(deps.db, deps.config.clickRetentionDays) : [];
    await pruneClickBookkeeping(deps.db);
    deps.log.info({ made, dropped }, 'click maintenance done');
  });
}
