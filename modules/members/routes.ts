import { Elysia } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, OkBody, withExample } from '../../core/model';
import { MemberParams, UpdateRoleBody } from './model';
import { changeMemberRole, removeMember } from './service';

export const memberRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:members', detail: { tags: ['Members and invites'] } })
    .use(accessMacro(deps.access))
    .patch(
      '/api/workspaces/:wsId/members/:userId',
      async ({ workspace, actor, params, body }) => {
        await changeMemberRole(deps, workspace, actor.userId, params.userId, body.role);
        return { ok: true as const };
      },
      {
        access: { role: 'admin' },
        params: MemberParams,
        body: withExample(UpdateRoleBody, { role: 'editor' }),
        response: { 200: OkBody },
        detail: { summary: "Change a member's role (the member is notified by e-mail)" },
      },
    )
    .delete(
      '/api/workspaces/:wsId/members/:userId',
      async ({ workspace, actor, params }) => {
        await removeMember(deps, workspace, actor.userId, params.userId);
        return { ok: true as const };
      },
      {
        access: { role: 'admin' },
        params: MemberParams,
        response: { 200: OkBody, ...errors(400) },
        detail: { summary: 'Remove a member (the member is notified by e-mail)' },
      },
    );
