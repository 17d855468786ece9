import type { Deps } from '../../core/deps';
import './hooks';
import { PRUNE_EVERY_MS, registerJobs } from './jobs';
import { webhookRoutes } from './routes';
import { forwardEventsToWebhooks } from './service';

/** Webhooks (Pro+): every webhook event on the bus becomes one queued delivery per subscribed, active webhook. */
export function webhooksModule(deps: Deps) {
  forwardEventsToWebhooks(deps);
  registerJobs(deps);
  deps.queue.schedule('webhooks.prune', PRUNE_EVERY_MS, {}).catch((err) => deps.log.warn({ err }, 'could not schedule webhook log pruning'));
  return webhookRoutes(deps);
}
