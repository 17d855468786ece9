import type { Deps } from '../../core/deps';
import { compactBatch } from './batch';
import { publishClickCounts } from './counts';
import { storeClicks } from './service';

export function registerJobs(deps: Deps) {
  deps.queue.register('clicks.record', async (job) => {
    const batch = compactBatch(job);
    const stored = await storeClicks(deps.db, batch);
    publishClickCounts(deps, batch, stored.counts);
    if (stored.clicks.length) await deps.bus.run('clicks.recorded', { clicks: stored.clicks });
  });
}
