import type { Deps } from '../../core/deps';
import { getWorkspaceRow } from '../workspaces';
import { compactBatch } from './batch';
import type { ClickRecord } from './hooks';
import { forgetLinkClicks, forgetWorkspaceClicks } from './cleanup';
import { publishClickCounts } from './counts';
import { dropExpiredClicks, ensureClickPartitions, pruneClickBookkeeping } from './maintenance';
import { storeClicks } from './service';

export function registerJobs(deps: Deps) {
  deps.queue.register('clicks.record', async (job) => {
    const batch = compactBatch(job);
    const stored = await storeClicks(deps.db, batch);
    publishClickCounts(deps, batch, stored.counts);
    if (!stored.counts.size) return;
    let clicks: ClickRecord[] | undefined;
    await deps.bus.run('clicks.recorded', {
      workspaceIds: stored.workspaceIds,
      get clicks() {
        return (clicks ??= stored.clicks());
      },
    });
  });
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
