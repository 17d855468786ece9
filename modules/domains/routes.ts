import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, OkBody, withExample, WsParams } from '../../core/model';
import { AddDomainBody, CreatedDomain, DomainItem, DomainParams, LinkCount, VerifyResult } from './model';
import { ApiError } from '../../core/errors';
import { clientIp } from '../../core/hosts';
import { addDomain, domainLinkCount, listDomains, mayHaveCertificate, removeDomain, verifyDomain } from './service';

/** Caddy asks once per new name in a handshake; a flood of invented names is refused beyond this, per asking address */
const TLS_ASK_RATE = { points: 100, durationSec: 1 };

export const domainRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:domains', detail: { tags: ['Domains'] } })
    .use(accessMacro(deps.access))
    .post(
      '/api/workspaces/:wsId/domains',
      async ({ workspace, actor, body, set }) => {
        set.status = 201;
        return addDomain(deps, { workspaceId: workspace.id, userId: actor.userId, plan: workspace.plan }, body.domain);
      },
      {
        access: { role: 'admin' },
        params: WsParams,
        body: withExample(AddDomainBody, { domain: 'links.example.com' }),
        response: { 201: CreatedDomain, ...errors(402, 409) },
        detail: { summary: 'Add a custom domain (then place the TXT record and verify)' },
      },
    )
    .get(
      '/api/workspaces/:wsId/domains',
      async ({ workspace }) => ({
        domains: await listDomains(deps.db, workspace.id),
        default_domain: deps.config.defaultDomain,
        cname_target: deps.config.cnameTarget,
        custom_slugs_on_default_domain: deps.config.customSlugsOnDefaultDomain,
      }),
      {
        access: { role: 'viewer' },
        params: WsParams,
        response: {
          200: t.Object({
            domains: t.Array(DomainItem),
            default_domain: t.String({ description: 'The built-in short domain every workspace may use besides its own' }),
            cname_target: t.String({ description: 'Host every custom domain points at with a CNAME record (the same for all)' }),
            custom_slugs_on_default_domain: t.Boolean({
              description: 'Whether links on the default domain may take a custom slug (CUSTOM_SLUGS_ON_DEFAULT_DOMAIN); otherwise slugs are generated there',
            }),
          }),
        },
        detail: { summary: 'List custom domains' },
      },
    )
    .post(
      '/api/workspaces/:wsId/domains/:domainId/verify',
      ({ workspace, actor, params }) => verifyDomain(deps, { workspaceId: workspace.id, userId: actor.userId }, params.domainId),
      {
        access: { role: 'admin' },
        params: DomainParams,
        response: { 200: VerifyResult, ...errors(429, 502) },
        detail: { summary: 'Check the DNS records of a domain (1 attempt per 10 s per domain)' },
      },
    )
    .get(
      '/api/workspaces/:wsId/domains/:domainId/link-count',
      async ({ workspace, params }) => ({ count: await domainLinkCount(deps, workspace.id, params.domainId) }),
      {
        access: { role: 'viewer' },
        params: DomainParams,
        response: { 200: LinkCount },
        detail: { summary: 'Number of links on a domain (deleting the domain deletes them)' },
      },
    )
    .get(
      '/api/tls/ask',
      async ({ query, request, server }) => {
        await deps.limiter.consume('tlsAsk', clientIp(request, server, deps.config.trustedProxies), TLS_ASK_RATE);
        if (await mayHaveCertificate(deps, query.domain)) return { ok: true as const };
        throw new ApiError(404, 'No certificate for this name: it is neither the default domain nor a verified custom domain');
      },
      {
        query: t.Object({ domain: t.String({ maxLength: 253, description: 'The name a TLS client asked for (SNI)' }) }),
        response: { 200: OkBody, ...errors(400, 404, 429) },
        detail: {
          summary: 'On-demand TLS `ask` (Caddy): 200 when the name may get a certificate (the default domain or a verified custom domain), else 404',
          security: [],
        },
      },
    )
    .delete(
      '/api/workspaces/:wsId/domains/:domainId',
      async ({ workspace, actor, params }) => {
        await removeDomain(deps, { workspaceId: workspace.id, userId: actor.userId }, params.domainId);
        return { ok: true as const };
      },
      {
        access: { role: 'admin' },
        params: DomainParams,
        response: { 200: OkBody },
        detail: { summary: 'Delete a domain and all its links' },
      },
    );
