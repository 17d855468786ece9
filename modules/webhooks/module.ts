import type { LinkhopModule } from '../../core/module';
import { queueWaitingClicks } from './clicks';
import { registerJobs } from './jobs';
import { webhookRoutes } from './routes';
import { forwardEventsToWebhooks, sealPlainSecrets } from './service';

/** Webhooks (Pro+): every webhook event on the bus becomes one queued delivery per subscribed, active webhook; stored clicks, batched `link.clicked` deliveries. */
export const webhooksModule: LinkhopModule = {
  name: 'webhooks',
  hooks: forwardEventsToWebhooks,
  jobs: registerJobs,
  schedules: (config) => [{ job: 'webhooks.prune', everyMs: config.deliveryPruneIntervalMs }],
  routes: webhookRoutes,
  start: (deps) =>
    void sealPlainSecrets(deps).catch((err) => deps.log.warn({ err }, 'webhook signing secrets could not be sealed at start; reads take them either way')),
  // `link.clicked` clicks still waiting for their batch are queued before the queue closes (the clicks
  // worker holds them too: it is where stored clicks are handed to webhooks in production)
  stop: queueWaitingClicks,
  stopWorker: queueWaitingClicks,
};
