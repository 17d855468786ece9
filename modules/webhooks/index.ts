import type { Deps } from '../../core/deps';
import { WEBHOOK_EVENT_TYPES } from '../../core/hooks';
import './hooks';
import { PRUNE_EVERY_MS, registerJobs } from './jobs';
import { webhookRoutes } from './routes';
import { enqueueDeliveries } from './service';

/**
 * Webhooks (Pro+): every webhook event on the bus becomes one queued delivery per subscribed,
 * active webhook of its workspace. `webhook.test` is delivered synchronously by the test
 * endpoint instead, so this subscription leaves it out.
 */
export function webhooksModule(deps: Deps) {
  for (const type of WEBHOOK_EVENT_TYPES) {
    if (type === 'webhook.test') continue;
    deps.bus.on(type, (event) => enqueueDeliveries(deps, type, event), { source: 'webhooks' });
  }
  registerJobs(deps);
  deps.queue.schedule('webhooks.prune', PRUNE_EVERY_MS, {}).catch((err) => deps.log.warn({ err }, 'could not schedule webhook log pruning'));
  return webhookRoutes(deps);
}
