// The webhooks module's public face: what other modules and the app use of it (nothing else is imported from outside).
export type { CreatedWebhook, DeliveriesPage, Delivery, TestResult, Webhook } from './model';
export { queueWaitingClicks } from './clicks';
