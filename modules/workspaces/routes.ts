import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { errors, OkBody, withExample, WsParams } from '../../core/model';
import { CreatedWorkspace, CreateWorkspaceBody, PatchWorkspaceBody, Workspace, WorkspaceListItem } from './model';
import { createWorkspace, deleteWorkspace, getWorkspaceRow, listWorkspacesOfUser, updateWorkspace, workspaceView } from './service';

export const workspaceRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:workspaces', detail: { tags: ['Workspaces'] } })
    .use(accessMacro(deps.access))
    .post(
      '/api/workspaces',
      async ({ actor, body, set }) => {
        set.status = 201;
        return createWorkspace(deps, { userId: actor.userId, name: body.name, byCredentialWithoutProof: actor.withoutProof });
      },
      {
        access: true,
        body: withExample(CreateWorkspaceBody, { name: 'Marketing' }),
        response: { 201: CreatedWorkspace, ...errors(403) },
        detail: { summary: 'Create a workspace (you become its owner)' },
      },
    )
    .get('/api/workspaces', async ({ actor }) => ({ workspaces: await listWorkspacesOfUser(deps.db, actor.userId) }), {
      access: true,
      response: { 200: t.Object({ workspaces: t.Array(WorkspaceListItem) }) },
      detail: { summary: 'List your workspaces with your role in each' },
    })
    .get(
      '/api/workspaces/:wsId',
      async ({ workspace }) => {
        const row = await getWorkspaceRow(deps.db, workspace.id);
        if (!row) throw notFound('Workspace');
        return workspaceView(deps, row, workspace.role);
      },
      { access: { role: 'viewer' }, params: WsParams, response: { 200: Workspace }, detail: { summary: 'Get a workspace' } },
    )
    .patch(
      '/api/workspaces/:wsId',
      async ({ workspace, actor, body }) => {
        await updateWorkspace(deps, workspace, actor.userId, body);
        return { ok: true as const };
      },
      {
        access: { role: 'owner' },
        params: WsParams,
        body: withExample(PatchWorkspaceBody, { name: 'Marketing team', default_utm_params: { source: 'linkhop', medium: 'link' } }),
        response: { 200: OkBody, ...errors(402) },
        detail: { summary: 'Update workspace settings (null clears a field)' },
      },
    )
    .delete(
      '/api/workspaces/:wsId',
      async ({ workspace, actor }) => {
        await deleteWorkspace(deps, workspace, actor.userId);
        return { ok: true as const };
      },
      {
        access: { role: 'owner' },
        params: WsParams,
        response: { 200: OkBody },
        detail: { summary: 'Delete a workspace and everything in it' },
      },
    );
