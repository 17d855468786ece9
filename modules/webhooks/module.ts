import type { LinkhopModule } from '../../core/module';
import { registerJobs } from './jobs';
import { webhookRoutes } from './routes';
import { forwardEventsToWebhooks } from './service';

/** Webhooks (Pro+): every webhook event on the bus becomes one queued delivery per subscribed, active webhook. */
export const webhooksModule: LinkhopModule = {
  name: 'webhooks',
  hooks: forwardEventsToWebhooks,
  jobs: registerJobs,
  schedules: (config) => [{ job: 'webhooks.prune', everyMs: config.deliveryPruneIntervalMs }],
  routes: webhookRoutes,
};
