import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { errors, WsParams } from '../../core/model';
import { RATE_LIMITS } from '../../core/plans';
import { getLink } from '../links';
import { ConversionStats, ConversionStatsQuery, Lead, LeadBody, Sale, SaleBody, VariantStats, VariantStatsQuery } from './model';
import { helperScript } from './script';
import { trackLead, trackSale } from './service';
import { conversionStats } from './stats';
import { type Variant, variantStats } from './variants';

const track = { role: 'editor', feature: 'conversions' } as const;

export const conversionRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:conversions', detail: { tags: ['Conversions'] } })
    .use(accessMacro(deps.access!))
    .post(
      '/api/workspaces/:wsId/track/lead',
      async ({ workspace, actor, body }) => {
        await deps.limiter.consume('track', workspace.id, RATE_LIMITS.track);
        return trackLead(deps, workspace.id, actor.userId, body);
      },
      {
        access: track,
        params: WsParams,
        body: LeadBody,
        response: { 200: Lead, ...errors(400, 401, 402, 403, 404, 410, 429) },
        detail: {
          summary:
            "Record a lead against a click id (your server, right after sign-up): 404 for an unknown click id or another workspace's, 410 when the click is older than the attribution window; the same customer_id and event_name again answers the same lead",
        },
      },
    )
    .post(
      '/api/workspaces/:wsId/track/sale',
      async ({ workspace, actor, body }) => {
        await deps.limiter.consume('track', workspace.id, RATE_LIMITS.track);
        return trackSale(deps, workspace.id, actor.userId, body);
      },
      {
        access: track,
        params: WsParams,
        body: SaleBody,
        response: { 200: Sale, ...errors(400, 401, 402, 403, 404, 429) },
        detail: {
          summary:
            "Record a sale of a customer with a lead (attributed to the link of the customer's first lead): 404 for a customer without a lead; the same invoice_id again answers the same sale, counted once",
        },
      },
    )
    .get(
      '/api/workspaces/:wsId/stats/conversions',
      async ({ workspace, query }) => {
        if (query.link_id && !(await getLink(deps.db, workspace.id, query.link_id))) throw notFound('Link');
        return conversionStats(deps.readDb, workspace.id, query);
      },
      {
        access: { role: 'viewer', feature: 'conversions' },
        params: WsParams,
        query: ConversionStatsQuery,
        response: { 200: ConversionStats, ...errors(400, 401, 402, 403, 404) },
        detail: {
          summary:
            'The conversion funnel over a range of UTC days (default all time), from the rollups: clicks, leads, sales, revenue per currency, the rates between the steps, the funnel per day and the top links by revenue per currency',
          tags: ['Stats'],
        },
      },
    )
    .get(
      '/api/workspaces/:wsId/links/:linkId/stats/variants',
      async ({ workspace, params, query }) => {
        const link = await getLink(deps.db, workspace.id, params.linkId);
        if (!link) throw notFound('Link');
        return variantStats(deps.readDb, workspace.id, link.id, (link.abVariants ?? []) as Variant[], query);
      },
      {
        access: { role: 'viewer', feature: 'stats' },
        params: t.Object({ wsId: t.String(), linkId: t.String() }),
        query: VariantStatsQuery,
        response: { 200: VariantStats, ...errors(400, 401, 402, 403, 404) },
        detail: {
          summary:
            "A/B results of a link over a range of UTC days (default all time): per variant its weight, clicks, share of the link's variant traffic, leads, sales and revenue per currency",
          tags: ['Stats'],
        },
      },
    )
    .get('/lh.js', ({ request }) => helperScript(request), {
      detail: { summary: 'The first-party helper script: copies lh_cid from the page URL into a cookie of your site', tags: ['Conversions'] },
    });
