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
 * Click batches stored per transaction, [at most clicks, transactions at once]. A group only grows
 * when batches wait, i.e. when storing falls behind. Production: up to four batches together, two
 * transactions at once (bench/click-storage.ts). Embedded: one transaction at a time (PGlite is one
 * connection), up to four batches of 500: each statement costs PGlite ~1 ms however few its rows,
 * so batches of 500 alone kept its thread busy while storing 40% of the clicks served under load,
 * and four together store them all as they come, with the same redirect throughput
 * (bench/embedded.ts); an API query waits behind at most ~30 ms of storing.
 */
const GROUPS: [number, number] = [4 * BATCH_MAX, 2];
const EMBEDDED_GROUPS: [number, number] = [4 * EMBEDDED_BATCH_MAX, 1];

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
