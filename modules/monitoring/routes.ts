import { Elysia } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { errors } from '../../core/model';
import { getLink } from '../links';
import { LinkHealth, LinkHealthParams } from './model';
import { linkHealthOf } from './service';

export const monitoringRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:monitoring', detail: { tags: ['Monitoring'] } }).use(accessMacro(deps.access)).get(
    '/api/workspaces/:wsId/links/:linkId/health',
    async ({ workspace, params }) => {
      const link = await getLink(deps.db, workspace.id, params.linkId);
      if (!link) throw notFound('Link');
      return linkHealthOf(deps.db, link);
    },
    {
      access: { role: 'viewer', feature: 'monitoring' },
      params: LinkHealthParams,
      response: { 200: LinkHealth, ...errors(403) },
      detail: { summary: "A link's health: last check and its broken/recovered history" },
    },
  );
