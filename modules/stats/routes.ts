import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { errors, WsParams } from '../../core/model';
import { getLink } from '../links';
import {
  Countries,
  DailyQuery,
  DailySeries,
  Devices,
  FilterOnly,
  Hourly,
  HourlyQuery,
  LinkStats,
  LinkStatsQuery,
  Referrers,
  Summary,
  TopLinks,
  TopQuery,
  Utm,
} from './model';
import {
  linkStatsWithImported,
  workspaceDaily,
  workspaceDevices,
  workspaceHourly,
  workspaceSummary,
  workspaceTop,
  workspaceTopLinks,
  workspaceUtm,
} from './service';

const access = { role: 'viewer', feature: 'stats' } as const;
const base = '/api/workspaces/:wsId/stats';

export const statsRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:stats', detail: { tags: ['Stats'] } })
    .use(accessMacro(deps.access))
    .get(`${base}/summary`, ({ workspace, query }) => workspaceSummary(deps.readDb, workspace.id, query), {
      access,
      params: WsParams,
      query: FilterOnly,
      response: { 200: Summary, ...errors(400, 401, 402, 403, 404) },
      detail: { summary: 'Totals: links, clicks, distinct countries, clicks today (UTC), unique visitors (all time and today)' },
    })
    .get(`${base}/daily`, ({ workspace, query }) => workspaceDaily(deps.readDb, workspace.id, query), {
      access,
      params: WsParams,
      query: DailyQuery,
      response: { 200: DailySeries, ...errors(400, 401, 402, 403, 404) },
      detail: { summary: 'Clicks and unique visitors per UTC day (default the last 30 days, at most 366), optionally beside the previous period' },
    })
    .get(
      `${base}/hourly`,
      async ({ workspace, query }) => {
        if (query.link_id && !(await getLink(deps.db, workspace.id, query.link_id))) throw notFound('Link');
        return workspaceHourly(deps.readDb, workspace.id, query);
      },
      {
        access,
        params: WsParams,
        query: HourlyQuery,
        response: { 200: Hourly, ...errors(400, 401, 402, 403, 404) },
        detail: {
          summary: 'Clicks per weekday and UTC hour over the range (a 7 × 24 heatmap; default the last 30 days, at most 366), of the workspace or one link',
        },
      },
    )
    .get(`${base}/links`, ({ workspace, query }) => workspaceTopLinks(deps.readDb, workspace.id, query), {
      access,
      params: WsParams,
      query: TopQuery,
      response: { 200: TopLinks, ...errors(400, 401, 402, 403, 404) },
      detail: { summary: 'Most clicked links of the workspace over the range (default all time)' },
    })
    .get(`${base}/countries`, async ({ workspace, query }) => ({ countries: await workspaceTop(deps.readDb, workspace.id, 'country', query) }), {
      access,
      params: WsParams,
      query: TopQuery,
      response: { 200: Countries, ...errors(400, 401, 402, 403, 404) },
      detail: { summary: 'Top visitor countries' },
    })
    .get(`${base}/referrers`, async ({ workspace, query }) => ({ referrers: await workspaceTop(deps.readDb, workspace.id, 'referrer', query) }), {
      access,
      params: WsParams,
      query: TopQuery,
      response: { 200: Referrers, ...errors(400, 401, 402, 403, 404) },
      detail: { summary: 'Top referring hosts (null = direct)' },
    })
    .get(`${base}/devices`, ({ workspace, query }) => workspaceDevices(deps.readDb, workspace.id, query), {
      access,
      params: WsParams,
      query: TopQuery,
      response: { 200: Devices, ...errors(400, 401, 402, 403, 404) },
      detail: { summary: 'Top device types, browsers and operating systems' },
    })
    .get(`${base}/utm`, ({ workspace, query }) => workspaceUtm(deps.readDb, workspace.id, query), {
      access,
      params: WsParams,
      query: TopQuery,
      response: { 200: Utm, ...errors(400, 401, 402, 403, 404) },
      detail: { summary: "Clicks by the UTM source, medium and campaign their links send (the link's UTM parameters, else its target's)" },
    })
    .get(
      '/api/workspaces/:wsId/links/:linkId/stats',
      async ({ workspace, params, query }) => {
        const link = await getLink(deps.db, workspace.id, params.linkId);
        if (!link) throw notFound('Link');
        return linkStatsWithImported(deps.readDb, workspace.id, link, query);
      },
      {
        access,
        params: t.Object({ wsId: t.String(), linkId: t.String() }),
        query: LinkStatsQuery,
        response: { 200: LinkStats, ...errors(400, 401, 402, 403, 404) },
        detail: { summary: 'Stats of one link: all-time totals, daily series and breakdowns over the range', tags: ['Stats'] },
      },
    );
