import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { getWorkspaceRow } from '../workspaces';
import { createLink } from './create';
import { listLinks, type ListQuery } from './list';
import { linkCreateInput } from './input';
import type { LinkCreate } from './model';
import { getLink } from './queries';
import { linkContext } from './validate';
import { linkView, type LinkView } from './view';

/** What an extension plugin may do with links (`ctx.services.links`): the same functions as the REST API, so validation, hooks, plan limits, events and audit apply. */
export interface LinkServices {
  /** one link as the API shows it, or null when the workspace has no such link */
  get(workspaceId: string, id: string): Promise<LinkView | null>;
  /** a page of links, with the API's filters and sort */
  list(workspaceId: string, query?: ListQuery): Promise<{ links: LinkView[]; total: number; page: number; limit: number }>;
  /**
   * creates through the API's path (`link.beforeCreate`, validation, limits, audit, `link.created`); `userId` defaults to
   * `plugin:<name>`. In every process (server, workers, CLI): each registers the modules' hooks before the plugins.
   */
  create(workspaceId: string, input: LinkCreate, opts?: { userId?: string }): Promise<LinkView>;
}

export function linkServices(deps: Deps, actor: string): LinkServices {
  return {
    async get(workspaceId, id) {
      const row = await getLink(deps.db, workspaceId, id);
      return row && linkView(row, deps.config);
    },
    list: (workspaceId, query = {}) => listLinks(deps.db, deps.config, workspaceId, query),
    async create(workspaceId, input, o = {}) {
      const workspace = await getWorkspaceRow(deps.db, workspaceId);
      if (!workspace) throw notFound('Workspace');
      const ctx = await linkContext(deps.db, { ...workspace, plan: workspace.plan }, o.userId ?? actor);
      // a plugin is JavaScript: its input is checked against the schema as a request body is
      return linkView(await createLink(deps, ctx, linkCreateInput(input), 'plugin'), deps.config);
    },
  };
}
