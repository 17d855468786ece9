import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { forbidden } from '../../core/errors';
import { errors, OkBody, withExample, WsParams } from '../../core/model';
import { roleAtLeast } from '../../core/plans';
import { CreatedKey, CreateKeyBody, KeyItem, KeyParams } from './model';
import { createApiKey, deleteApiKey, listApiKeys } from './service';

export const apiKeyRoutes = (deps: Deps) =>
  new Elysia({ name: 'module:api-keys', detail: { tags: ['API keys'] } })
    .use(accessMacro(deps.access))
    .post(
      '/api/workspaces/:wsId/api-keys',
      async ({ workspace, actor, body, set }) => {
        const role = body?.role ?? 'owner';
        if (!roleAtLeast(workspace.role, role)) throw forbidden(`You cannot create a key with a role above your own (${workspace.role})`);
        const created = await deps.db.transaction((tx) =>
          createApiKey(tx, {
            workspaceId: workspace.id,
            userId: actor.userId,
            plan: workspace.plan,
            name: body?.name,
            role,
            audit: true,
            byCredentialWithoutProof: actor.withoutProof,
          }),
        );
        set.status = 201;
        return created;
      },
      {
        access: { role: 'admin' },
        params: WsParams,
        body: withExample(CreateKeyBody, { name: 'CI', role: 'editor' }),
        response: { 201: CreatedKey, ...errors(402) },
        detail: { summary: 'Create an API key (the key is shown once)' },
      },
    )
    .get('/api/workspaces/:wsId/api-keys', async ({ workspace }) => ({ api_keys: await listApiKeys(deps.db, workspace.id) }), {
      access: { role: 'admin' },
      params: WsParams,
      response: { 200: t.Object({ api_keys: t.Array(KeyItem) }) },
      detail: { summary: 'List API keys (no secrets)' },
    })
    .delete(
      '/api/workspaces/:wsId/api-keys/:keyId',
      async ({ workspace, actor, params }) => {
        await deleteApiKey(deps, { workspaceId: workspace.id, keyId: params.keyId, userId: actor.userId });
        return { ok: true as const };
      },
      { access: { role: 'admin' }, params: KeyParams, response: { 200: OkBody }, detail: { summary: 'Delete an API key' } },
    );
