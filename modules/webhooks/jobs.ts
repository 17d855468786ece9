import type { Deps } from '../../core/deps';
import { forwardClicksToWebhooks } from './clicks';
import { pruneDeliveries, runDeliverJob } from './service';
import type { DeliverJob } from './service';

declare module '../../core/queue' {
  interface JobMap {
    /** one delivery of one event (or of a batch of `link.clicked` clicks) to one webhook (attempts: 1) */
    'webhooks.deliver': DeliverJob;
    /** scheduled: drops delivery logs older than 7 days */
    'webhooks.prune': Record<string, never>;
  }
}

export function registerJobs(deps: Deps) {
  deps.queue.register('webhooks.deliver', (job) => runDeliverJob(deps, job));
  forwardClicksToWebhooks(deps);
  deps.queue.register('webhooks.prune', async () => {
    const removed = await pruneDeliveries(deps.db);
    deps.log.info({ removed }, 'webhook log prune done');
  });
}
