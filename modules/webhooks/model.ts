import { t } from 'elysia';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../core/hooks';
import { Int, PageQuery } from '../../core/model';
import { LIMITS } from '../../core/plans';

const Events = t.Array(t.String(), {
  description: `Event types to receive (at least one; repeats count once): ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}. \`link.clicked\` (an addition to the spec's events) delivers stored clicks in batches: up to ${LIMITS.webhookClicksPerDelivery} per delivery, or those stored within ${LIMITS.webhookClicksWindowMs / 1000} s`,
  maxItems: 50,
});

export const WebhookParams = t.Object({ wsId: t.String(), webhookId: t.String() });

export const CreateWebhookBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 100 }),
    url: t.String({ description: 'HTTPS URL, at most 2048 characters, not a private or internal address' }),
    events: Events,
  },
  { additionalProperties: false },
);

export const PatchWebhookBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    url: t.Optional(t.String()),
    events: t.Optional(Events),
    active: t.Optional(t.Boolean({ description: 'false pauses the webhook: events meanwhile are dropped' })),
  },
  { additionalProperties: false },
);

export const CreatedWebhook = t.Object({
  id: t.String(),
  name: t.String(),
  url: t.String(),
  events: t.Array(t.String()),
  secret: t.String({ description: 'Signing secret, shown only now and on rotation' }),
  active: t.Boolean(),
  created_at: t.String(),
});

export const Webhook = t.Object({
  id: t.String(),
  name: t.String(),
  url: t.String(),
  events: t.Array(t.String()),
  active: t.Boolean(),
  created_at: t.String(),
  updated_at: t.String(),
  created_by_email: t.Union([t.String(), t.Null()]),
});

export const TestResult = t.Object({
  status_code: t.Union([Int(), t.Null()], { description: 'null when no response arrived' }),
  success: t.Boolean(),
  duration_ms: Int(),
  error: t.Union([t.String(), t.Null()]),
});

export const Delivery = t.Object({
  id: Int(),
  /** the payload's `id`: receivers use it to discard repeats, so people look a delivery up by it */
  event_id: t.String({ description: 'The `id` of the payload sent (unique per delivery)' }),
  event_type: t.String(),
  status_code: t.Union([Int(), t.Null()], { description: "The receiver's HTTP response code; null when no response arrived" }),
  duration_ms: Int(),
  success: t.Boolean(),
  error: t.Union([t.String(), t.Null()]),
  payload: t.Union([t.Record(t.String(), t.Unknown()), t.Null()], {
    description: 'The JSON body that was sent ({id, type, workspace_id, timestamp, data}); null for deliveries logged before payloads were kept',
  }),
  created_at: t.String(),
});

export const DeliveriesQuery = t.Object({
  ...PageQuery,
  success: t.Optional(t.Boolean({ description: 'true: only successful deliveries; false: only failed ones' })),
});

export const DeliveriesPage = t.Object({ deliveries: t.Array(Delivery), total: Int(), page: Int(), limit: Int() });
