import { Elysia } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, OkBody, withExample, WsParams } from '../../core/model';
import { PutTagBody, TagList, TagParams } from './model';
import { deleteTag, listTags, putTag } from './service';

// `/links/tags` is a static segment: Elysia's router prefers it to the links module's `/links/:linkId`.
export const tagRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:tags', detail: { tags: ['Tags'] } })
    .use(accessMacro(deps.access))
    .get('/api/workspaces/:wsId/links/tags', async ({ workspace }) => ({ tags: await listTags(deps.db, workspace.id) }), {
      access: { role: 'viewer' },
      params: WsParams,
      response: { 200: TagList },
      detail: { summary: 'Tags on at least one link, sorted, with their metadata' },
    })
    .put(
      '/api/workspaces/:wsId/links/tags/:tagName',
      async ({ workspace, params, body }) => {
        await putTag(deps, workspace, params.tagName, body);
        return { ok: true as const };
      },
      {
        access: { role: 'editor' },
        params: TagParams,
        body: withExample(PutTagBody, { color: '#1a73e8', description: 'Spring campaign', date_from: '2026-03-01', date_to: '2026-05-31' }),
        response: { 200: OkBody, ...errors(402) },
        detail: { summary: "Set a tag's colour, description or campaign dates (only the fields given change)" },
      },
    )
    .delete(
      '/api/workspaces/:wsId/links/tags/:tagName',
      async ({ workspace, actor, params }) => {
        await deleteTag(deps, workspace, actor.userId, params.tagName);
        return { ok: true as const };
      },
      {
        access: { role: 'editor' },
        params: TagParams,
        response: { 200: OkBody, ...errors(400) },
        detail: { summary: "Delete a tag's metadata and remove the tag from every link of the workspace" },
      },
    );
