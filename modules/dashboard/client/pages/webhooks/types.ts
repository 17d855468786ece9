import type { Static } from '@sinclair/typebox';
import { WEBHOOK_EVENT_TYPES } from '../../../../../core/hooks';
import type {
  CreatedWebhook as CreatedWebhookSchema,
  DeliveriesPage as DeliveriesPageSchema,
  TestResult as TestResultSchema,
  Webhook as WebhookSchema,
} from '../../../../webhooks';

/** The API's own response types, from its TypeBox schemas (type-only: nothing of the server reaches the bundle). */
export type Webhook = Static<typeof WebhookSchema>;
export type CreatedWebhook = Static<typeof CreatedWebhookSchema>;
export type DeliveriesPage = Static<typeof DeliveriesPageSchema>;
export type Delivery = DeliveriesPage['deliveries'][number];
export type TestResult = Static<typeof TestResultSchema>;

export const webhooksPath = (wsId: string) => `/workspaces/${wsId}/webhooks`;
export const webhookPath = (wsId: string, webhookId: string) => `${webhooksPath(wsId)}/${encodeURIComponent(webhookId)}`;

/** The test event is sent on demand ("Send test event") whatever a webhook subscribes to, so it is not offered as a subscription. */
const SUBSCRIBABLE = WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test');

const GROUP_NAMES: Record<string, string> = { link: 'Links', domain: 'Custom domains', member: 'Members' };

/** The spec's event types grouped by what they are about (`link.*`, `domain.*`, `member.*`), in the spec's order. */
export const EVENT_GROUPS: { name: string; events: string[] }[] = [...new Set(SUBSCRIBABLE.map((type) => type.split('.')[0]!))].map((prefix) => ({
  name: GROUP_NAMES[prefix] ?? prefix,
  events: SUBSCRIBABLE.filter((type) => type.startsWith(`${prefix}.`)),
}));
