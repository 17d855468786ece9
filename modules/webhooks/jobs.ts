import type { Deps } from '../../core/deps';
import { forwardClicksToWebhooks } from './clicks';
import { pruneDeliveries, runDeliverJob } from './service';

export function registerJobs(deps: Deps) {
  deps.queue.register('webhooks.deliver', (job) => runDeliverJob(deps, job));
  forwardClicksToWebhooks(deps);
  deps.queue.register('webhooks.prune', async () => {
    const removed = await pruneDeliveries(deps.db);
    deps.log.info({ removed }, 'webhook log prune done');
  });
}
