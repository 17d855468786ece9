import type { DeliverJob } from './service';

declare module '../../core/queue' {
  interface JobMap {
    /** one delivery of one event to one webhook (attempts: 1) */
    'webhooks.deliver': DeliverJob;
    /** scheduled: drops delivery logs older than 7 days */
    'webhooks.prune': Record<string, never>;
  }
}
