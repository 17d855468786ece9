// The webhooks module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { registerJobs } from './jobs';
export { forwardEventsToWebhooks } from './service';
export type { CreatedWebhook, DeliveriesPage, Delivery, TestResult, Webhook } from './model';
