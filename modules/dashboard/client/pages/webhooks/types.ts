import { SUBSCRIBABLE_EVENT_TYPES } from '../../../../../core/hooks';
import type { ApiAnswer } from '../../api';

export type Webhook = ApiAnswer<'get', '/api/workspaces/{wsId}/webhooks/{webhookId}'>;
export type CreatedWebhook = ApiAnswer<'post', '/api/workspaces/{wsId}/webhooks'>;
export type Delivery = ApiAnswer<'get', '/api/workspaces/{wsId}/webhooks/{webhookId}/deliveries'>['deliveries'][number];
export type TestResult = ApiAnswer<'post', '/api/workspaces/{wsId}/webhooks/{webhookId}/test'>;

/** The test event is sent on demand ("Send test event") whatever a webhook subscribes to, so it is not offered as a subscription. */
const SUBSCRIBABLE = SUBSCRIBABLE_EVENT_TYPES.filter((type) => type !== 'webhook.test');

/**
 * What an event is about, by its prefix; leads and sales are both conversions. `link.clicked` is a
 * group of its own: one delivery per batch of clicks is another volume than link changes, so the
 * "All links events" switch does not subscribe to it.
 */
const GROUP_OF: Record<string, string> = {
  'link.clicked': 'Clicks',
  link: 'Links',
  domain: 'Custom domains',
  member: 'Members',
  lead: 'Conversions',
  sale: 'Conversions',
};
const groupOf = (type: string) => GROUP_OF[type] ?? GROUP_OF[type.split('.')[0]!] ?? type.split('.')[0]!;

/** The event types grouped by what they are about (`link.*`, `domain.*`, `member.*`, leads and sales, clicks), in the order the API lists them. */
export const EVENT_GROUPS: { name: string; events: string[] }[] = [...new Set(SUBSCRIBABLE.map(groupOf))].map((name) => ({
  name,
  events: SUBSCRIBABLE.filter((type) => groupOf(type) === name),
}));
