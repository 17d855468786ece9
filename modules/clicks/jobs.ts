import type { Deps } from '../../core/deps';
import { getWorkspaceRow } from '../workspaces';
import { BATCH_MAX, compactBatch, EMBEDDED_BATCH_MAX } from './batch';
import type { ClickRecord } from './hooks';
import { forgetLinkClicks, forgetWorkspaceClicks } from './cleanup';
import { publishClickCounts } from './counts';
import { dropExpiredClicks, ensureClickPartitions, pruneClickBookkeeping } from './maintenance';
import { storeClicks } from './service';
import { StoreGroups } from './store-groups';

/**
 * Click batches stored per transaction, [at most clicks, transactions at once]. Production: up to four
 * waiting batches together (bench/click-storage.ts). Embedded: one batch at a time, as before: PGlite
 * is one connection, and a longer transaction would keep API queries waiting longer.
 */
const GROUPS: [number, number] = [4 * BATCH_MAX, 2];
const EMBEDDED_GROUPS: [number, number] = [EMBEDDED_BATCH_MAX, 1];

export function registerJobs(deps: Deps) {
  const groups = new StoreGroups(
    async (batches) => {
      const stored = await storeClicks(deps.db, ...batches);
      publishClickCounts(deps, batches, stored.counts);
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
  deps.queue.register('clicks.forget', async ({ workspaceId, linkId }) => {
    if (linkId) await forgetLinkClicks(deps.db, workspaceId, linkId);
    else if (!(await getWorkspaceRow(deps.db, workspaceId))) await forgetWorkspaceClicks(deps.db, workspaceId);
  });
  deps.queue.register('clicks.maintain', async () => {
    const made = await ensureClickPartitions(deps.db);
    const dropped = deps.config.clickRetentionDays ? await dropExpiredClicks(deps.db, deps.config.clickRetentionDays) : [];
    await pruneClickBookkeeping(deps.db);
    deps.log.info({ made, dropped }, 'click maintenance done');
  });
}
