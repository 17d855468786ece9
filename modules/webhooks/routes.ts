import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, OkBody, withExample, WsParams } from '../../core/model';
import { CreatedWebhook, CreateWebhookBody, DeliveriesPage, DeliveriesQuery, PatchWebhookBody, TestResult, Webhook, WebhookParams } from './model';
import { createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks, rotateSecret, testWebhook, updateWebhook } from './service';

const admin = { role: 'admin', feature: 'webhooks' } as const;
const viewer = { role: 'viewer', feature: 'webhooks' } as const;

export const webhookRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:webhooks', prefix: '/api/workspaces/:wsId/webhooks', detail: { tags: ['Webhooks'] } })
    .use(accessMacro(deps.access))
    .post(
      '',
      async ({ workspace, actor, body, set }) => {
        const created = await createWebhook(deps, { workspaceId: workspace.id, userId: actor.userId, plan: workspace.plan }, body);
        set.status = 201;
        return created;
      },
      {
        access: admin,
        params: WsParams,
        body: withExample(CreateWebhookBody, { name: 'CRM', url: 'https://hooks.example.com/linkhop', events: ['link.created', 'link.deleted'] }),
        response: { 201: CreatedWebhook, ...errors(400, 401, 402, 403, 404) },
        detail: { summary: 'Create a webhook (the signing secret is shown once)' },
      },
    )
    .get('', async ({ workspace }) => ({ webhooks: await listWebhooks(deps.db, workspace.id) }), {
      access: viewer,
      params: WsParams,
      response: { 200: t.Object({ webhooks: t.Array(Webhook) }), ...errors(401, 402, 404) },
      detail: { summary: 'List webhooks (no secrets)' },
    })
    .get('/:webhookId', ({ workspace, params }) => getWebhook(deps.db, workspace.id, params.webhookId), {
      access: viewer,
      params: WebhookParams,
      response: { 200: Webhook, ...errors(401, 402, 404) },
      detail: { summary: 'Get a webhook (no secret)' },
    })
    .patch(
      '/:webhookId',
      async ({ workspace, params, body }) => {
        await updateWebhook(deps, workspace.id, params.webhookId, body);
        return { ok: true as const };
      },
      {
        access: admin,
        params: WebhookParams,
        body: withExample(PatchWebhookBody, { active: false }),
        response: { 200: OkBody, ...errors(400, 401, 402, 403, 404) },
        detail: { summary: 'Update a webhook; active false pauses it (events meanwhile are dropped)' },
      },
    )
    .delete(
      '/:webhookId',
      async ({ workspace, params }) => {
        await deleteWebhook(deps, workspace.id, params.webhookId);
        return { ok: true as const };
      },
      {
        access: admin,
        params: WebhookParams,
        response: { 200: OkBody, ...errors(401, 402, 403, 404) },
        detail: { summary: 'Delete a webhook and its delivery history' },
      },
    )
    .post('/:webhookId/rotate-secret', ({ workspace, params }) => rotateSecret(deps, workspace.id, params.webhookId), {
      access: admin,
      params: WebhookParams,
      response: { 200: t.Object({ secret: t.String() }), ...errors(401, 402, 403, 404) },
      detail: { summary: 'Replace the signing secret; the old one stops working at once' },
    })
    .post('/:webhookId/test', ({ workspace, actor, params }) => testWebhook(deps, { workspaceId: workspace.id, userId: actor.userId }, params.webhookId), {
      access: admin,
      params: WebhookParams,
      response: { 200: TestResult, ...errors(401, 402, 403, 404) },
      detail: { summary: 'Send a webhook.test event now and report the outcome' },
    })
    .get('/:webhookId/deliveries', ({ workspace, params, query }) => listDeliveries(deps.db, workspace.id, params.webhookId, query), {
      access: viewer,
      params: WebhookParams,
      query: DeliveriesQuery,
      response: { 200: DeliveriesPage, ...errors(400, 401, 402, 404) },
      detail: { summary: 'Delivery log of a webhook (7 days), newest first' },
    });
