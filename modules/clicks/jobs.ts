import type { Deps } from '../../core/deps';
import { clicksOf } from './batch';
import { storeClicks } from './service';

export function registerJobs(deps: Deps) {
  deps.queue.register('clicks.record', async (job) => {
    const stored = await storeClicks(deps.db, clicksOf(job));
    if (stored.length) await deps.bus.run('clicks.recorded', { clicks: stored });
  });
}
