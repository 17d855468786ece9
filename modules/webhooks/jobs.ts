import type { Deps } from '../../core/deps';
import './hooks';
import { pruneDeliveries, runDeliverJob } from './service';

export const PRUNE_EVERY_MS = 3_600_000;

export function registerJobs(deps: Deps) {
  deps.queue.register('webhooks.deliver', (job) => runDeliverJob(deps, job));
  deps.queue.register('webhooks.prune', async () => {
    const removed = await pruneDeliveries(deps.db);
    if (removed) deps.log.info({ removed }, 'old webhook delivery logs removed');
  });
}
