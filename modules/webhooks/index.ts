// The webhooks module's public face: what other modules and the app use of it (nothing else is imported from outside).
import type { DeliverJob } from './service';
export type { CreatedWebhook, DeliveriesPage, Delivery, TestResult, Webhook } from './model';
export { queueWaitingClicks } from './clicks';

// The module's jobs, declared on its public face: every program that reaches the module's code through it
// (another module, the app, a plugin's own type-check) knows their names and payloads.
declare module '../../core/queue' {
  interface JobMap {
    /** one delivery of one event (or of a batch of `link.clicked` clicks) to one webhook (attempts: 1) */
    'webhooks.deliver': DeliverJob;
    /** scheduled: drops delivery logs older than 7 days */
    'webhooks.prune': Record<string, never>;
  }
}
export { webhooksModule } from './module';
