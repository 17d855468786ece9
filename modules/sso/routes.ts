import { Elysia } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, OkBody, WsParams } from '../../core/model';
import { AddSsoDomainBody, PatchSsoDomainBody, SsoDomainItem, SsoDomainList, SsoDomainParams, SsoVerifyResult } from './model';
import { addSsoDomain, listSsoDomains, removeSsoDomain, updateSsoDomain, verifySsoDomain } from './service';

/** Domain capture is the owner's (it admits people to the workspace), on the Team plan and up. */
const OWNER_TEAM = { role: 'owner', feature: 'sso_domains' } as const;

export const ssoRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:sso', detail: { tags: ['Single sign-on'] } })
    .use(accessMacro(deps.access!))
    .get('/api/workspaces/:wsId/sso-domains', async ({ workspace }) => ({ data: await listSsoDomains(deps.db, workspace.id) }), {
      access: OWNER_TEAM,
      params: WsParams,
      response: { 200: SsoDomainList, ...errors(401, 402, 403, 404) },
      detail: { summary: 'List the e-mail domains this workspace captures at single sign-on' },
    })
    .post(
      '/api/workspaces/:wsId/sso-domains',
      async ({ workspace, actor, body, set }) => {
        set.status = 201;
        return addSsoDomain(deps, { workspaceId: workspace.id, userId: actor.userId }, body);
      },
      {
        access: OWNER_TEAM,
        params: WsParams,
        body: AddSsoDomainBody,
        response: { 201: SsoDomainItem, ...errors(400, 401, 402, 403, 404, 409) },
        detail: { summary: 'Claim an e-mail domain (then place its TXT record and verify)' },
      },
    )
    .post(
      '/api/workspaces/:wsId/sso-domains/:ssoDomainId/verify',
      ({ workspace, actor, params }) => verifySsoDomain(deps, { workspaceId: workspace.id, userId: actor.userId }, params.ssoDomainId),
      {
        access: OWNER_TEAM,
        params: SsoDomainParams,
        response: { 200: SsoVerifyResult, ...errors(401, 402, 403, 404, 409, 429, 502) },
        detail: { summary: 'Check the TXT record of an e-mail domain (1 attempt per 10 s); 409 when another workspace verified it first' },
      },
    )
    .patch(
      '/api/workspaces/:wsId/sso-domains/:ssoDomainId',
      ({ workspace, actor, params, body }) => updateSsoDomain(deps, { workspaceId: workspace.id, userId: actor.userId }, params.ssoDomainId, body),
      {
        access: OWNER_TEAM,
        params: SsoDomainParams,
        body: PatchSsoDomainBody,
        response: { 200: SsoDomainItem, ...errors(400, 401, 402, 403, 404) },
        detail: { summary: 'Change a domain\'s default role or its "SSO required"' },
      },
    )
    .delete(
      '/api/workspaces/:wsId/sso-domains/:ssoDomainId',
      async ({ workspace, actor, params }) => {
        await removeSsoDomain(deps, { workspaceId: workspace.id, userId: actor.userId }, params.ssoDomainId);
        return { ok: true as const };
      },
      {
        access: OWNER_TEAM,
        params: SsoDomainParams,
        response: { 200: OkBody, ...errors(401, 402, 403, 404) },
        detail: { summary: 'Stop capturing an e-mail domain (its members stay)' },
      },
    );
