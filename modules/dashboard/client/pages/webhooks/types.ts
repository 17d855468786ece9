import { WEBHOOK_EVENT_TYPES } from '../../../../../core/hooks';
import type { ApiAnswer } from '../../api';

export type Webhook = ApiAnswer<'get', '/api/workspaces/{wsId}/webhooks/{webhookId}'>;
export type CreatedWebhook = ApiAnswer<'post', '/api/workspaces/{wsId}/webhooks'>;
export type Delivery = ApiAnswer<'get', '/api/workspaces/{wsId}/webhooks/{webhookId}/deliveries'>['deliveries'][number];
export type TestResult = ApiAnswer<'post', '/api/workspaces/{wsId}/webhooks/{webhookId}/test'>;

/** The test event is sent on demand ("Send test event") whatever a webhook subscribes to, so it is not offered as a subscription. */
const SUBSCRIBABLE = WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test');

const GROUP_NAMES: Record<string, string> = { link: 'Links', domain: 'Custom domains', member: 'Members' };

/** The spec's event types grouped by what they are about (`link.*`, `domain.*`, `member.*`), in the spec's order. */
export const EVENT_GROUPS: { name: string; events: string[] }[] = [...new Set(SUBSCRIBABLE.map((type) => type.split('.')[0]!))].map((prefix) => ({
  name: GROUP_NAMES[prefix] ?? prefix,
  events: SUBSCRIBABLE.filter((type) => type.startsWith(`${prefix}.`)),
}));
