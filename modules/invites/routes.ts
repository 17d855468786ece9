import { Elysia, t } from 'elysia';
import { accessMacro, identifyIfAny } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, OkBody, withExample, WsParams } from '../../core/model';
import { listMembers } from '../members';
import { Accepted, AcceptBody, AcceptParams, CreatedInvite, CreateInviteBody, Invite, InviteParams, MembersList, ResentInvite } from './model';
import { acceptInvite, createInvite, deleteInvite, listPendingInvites, resendInvite } from './service';

/** The members list is served here because it shows the pending invites beside the members. */
export const inviteRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:invites', detail: { tags: ['Members and invites'] } })
    .use(accessMacro(deps.access))
    .get(
      '/api/workspaces/:wsId/members',
      async ({ workspace }) => {
        const [members, invites] = await Promise.all([listMembers(deps.db, workspace.id), listPendingInvites(deps, workspace.id)]);
        return { members, pendingInvites: invites.map((i) => ({ email: i.email, role: i.role, createdAt: i.created_at })) };
      },
      {
        access: { role: 'viewer' },
        params: WsParams,
        response: { 200: MembersList },
        detail: { summary: 'List members and pending invites' },
      },
    )
    .post(
      '/api/workspaces/:wsId/invites',
      async ({ workspace, actor, body, set }) => {
        const invite = await createInvite(deps, workspace, actor, body);
        set.status = 201;
        return invite;
      },
      {
        access: { role: 'admin' },
        params: WsParams,
        body: withExample(CreateInviteBody, { email: 'colleague@example.com', role: 'editor' }),
        response: { 201: CreatedInvite, ...errors(402, 409) },
        detail: { summary: 'Invite someone by e-mail (valid 7 days; an invite e-mail is sent)' },
      },
    )
    .get('/api/workspaces/:wsId/invites', async ({ workspace }) => ({ invites: await listPendingInvites(deps, workspace.id) }), {
      access: { role: 'admin' },
      params: WsParams,
      response: { 200: t.Object({ invites: t.Array(Invite) }) },
      detail: { summary: 'List pending invites (unaccepted, unexpired)' },
    })
    .delete(
      '/api/workspaces/:wsId/invites/:inviteId',
      async ({ workspace, params }) => {
        await deleteInvite(deps.db, workspace.id, params.inviteId);
        return { ok: true as const };
      },
      { access: { role: 'admin' }, params: InviteParams, response: { 200: OkBody }, detail: { summary: 'Revoke a pending invite' } },
    )
    .post('/api/workspaces/:wsId/invites/:inviteId/resend', ({ workspace, actor, params }) => resendInvite(deps, workspace, actor, params.inviteId), {
      access: { role: 'admin' },
      params: InviteParams,
      response: { 200: ResentInvite },
      detail: { summary: 'Send the invite e-mail again with a new link, valid 7 days from now (the previous link stops working)' },
    })
    .post(
      '/api/invites/:token/accept',
      async ({ params, body, request }) => {
        // only an address that already has an account needs its own credential (its session, or one of its keys)
        const caller = await identifyIfAny(deps.access, request);
        return acceptInvite(deps, params.token, { name: body?.name, callerUserId: caller?.actor.userId ?? null });
      },
      {
        params: AcceptParams,
        body: withExample(AcceptBody, { name: 'Alex' }),
        response: { 200: Accepted, ...errors(400, 401, 403, 404, 409, 410) },
        detail: {
          summary:
            "Accept an invite. For a new address the token is the credential; an address that already has an account accepts only with its own session or API key (401 without, 403 with another account's)",
          security: [],
        },
      },
    );
