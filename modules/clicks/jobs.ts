import type { Deps } from '../../core/deps';
import { storeClicks } from './service';

export function registerJobs(deps: Deps) {
  deps.queue.register('clicks.record', async ({ clicks }) => {
    const stored = await storeClicks(deps.db, clicks);
    if (stored.length) await deps.bus.run('clicks.recorded', { clicks: stored });
  });
}
