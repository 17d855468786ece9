import type { Deps } from '../../core/deps';
import './hooks';
import { registerJobs } from './jobs';
import { webhookRoutes } from './routes';

/** Webhooks (Pro+): every webhook event on the bus becomes one queued delivery per subscribed, active webhook. */
export function webhooksModule(deps: Deps) {
  registerJobs(deps);
  deps.queue
    .schedule('webhooks.prune', deps.config.deliveryPruneIntervalMs, {})
    .catch((err) => deps.log.warn({ err }, 'could not schedule webhook log pruning'));
  return webhookRoutes(deps);
}
