import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, withExample, WsParams } from '../../core/model';
import { ClientItem, CreateClientBody, CreatedClient } from './model';
import { createClient, listClients } from './service';

export const clientRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:clients', detail: { tags: ['Client workspaces'] } })
    .use(accessMacro(deps.access))
    .post(
      '/api/workspaces/:wsId/clients',
      async ({ workspace, actor, body, set }) => {
        const client = await createClient(deps, workspace, actor.userId, body);
        set.status = 201;
        return client;
      },
      {
        access: { role: 'owner', feature: 'clients' },
        params: WsParams,
        body: withExample(CreateClientBody, { name: 'Acme Corp', slug: 'acme' }),
        response: { 201: CreatedClient, ...errors(409) },
        detail: { summary: 'Create a client workspace (Agency): starts on free, your owners own it' },
      },
    )
    .get('/api/workspaces/:wsId/clients', async ({ workspace }) => ({ clients: await listClients(deps.db, workspace.id) }), {
      access: { role: 'viewer' },
      params: WsParams,
      response: { 200: t.Object({ clients: t.Array(ClientItem) }) },
      detail: { summary: 'List client workspaces with their link and click counts' },
    });
