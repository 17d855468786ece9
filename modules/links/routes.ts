import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { badRequest, notFound } from '../../core/errors';
import { errors, Int, OkBody, withExample, WsParams } from '../../core/model';
import { LIMITS, RATE_LIMITS } from '../../core/plans';
import {
  BulkCreateBody,
  BulkCreated,
  BulkDeleteBody,
  BulkTagBody,
  BulkTagged,
  CreateLinkBody,
  Link,
  LinkList,
  LinkParams,
  ListQuery,
  PatchLinkBody,
} from './model';
import { createLink, createLinks } from './create';
import { deleteLink, deleteLinks } from './delete';
import { listLinks } from './list';
import { getLink } from './queries';
import { retagLinks } from './tags';
import { updateLink } from './update';
import { linkContext } from './validate';
import { linkView } from './view';

export const linkRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:links', detail: { tags: ['Links'] } })
    .use(accessMacro(deps.access))
    .post(
      '/api/workspaces/:wsId/links',
      async ({ workspace, actor, body, set }) => {
        const row = await createLink(deps, await linkContext(deps.db, workspace, actor.userId), body, 'single');
        set.status = 201;
        return linkView(row, deps.config);
      },
      {
        access: { role: 'editor' },
        params: WsParams,
        body: CreateLinkBody,
        response: { 201: Link, ...errors(402, 409, 429) },
        detail: { summary: 'Create a link' },
      },
    )
    .get('/api/workspaces/:wsId/links', ({ workspace, query }) => listLinks(deps.readDb, deps.config, workspace.id, query), {
      access: { role: 'viewer' },
      params: WsParams,
      query: ListQuery,
      response: { 200: LinkList },
      detail: { summary: 'List links: search, filters, sort (newest first by default), pages' },
    })
    .post(
      '/api/workspaces/:wsId/links/bulk',
      async ({ workspace, actor, body, set }) => {
        if (!body.links.length || body.links.length > LIMITS.bulkItems) throw badRequest(`links must hold 1 to ${LIMITS.bulkItems} items`, { field: 'links' });
        await deps.limiter.consume('linkBulk', workspace.id, RATE_LIMITS.linkBulk);
        const { created } = await createLinks(deps, await linkContext(deps.db, workspace, actor.userId), body.links, 'bulk');
        set.status = 201;
        return { created: created.map((r) => ({ id: r.id, domain: r.domain, slug: r.slug, target: r.target, title: r.title })), count: created.length };
      },
      {
        access: { role: 'editor' },
        params: WsParams,
        body: withExample(BulkCreateBody, { links: [{ target: 'https://example.com/a' }, { target: 'https://example.com/b', title: 'B' }] }),
        response: { 201: BulkCreated, ...errors(402, 429) },
        detail: { summary: 'Create up to 100 links (invalid items are skipped)' },
      },
    )
    .delete(
      '/api/workspaces/:wsId/links/bulk',
      async ({ workspace, actor, body }) => ({ deleted: await deleteLinks(deps, await linkContext(deps.db, workspace, actor.userId), body.ids) }),
      {
        access: { role: 'admin' },
        params: WsParams,
        body: withExample(BulkDeleteBody, { ids: ['<link id>'] }),
        response: { 200: t.Object({ deleted: Int() }) },
        detail: { summary: 'Delete up to 100 links (unknown IDs are ignored)' },
      },
    )
    .patch(
      '/api/workspaces/:wsId/links/bulk',
      async ({ workspace, actor, body }) => ({
        updated: await retagLinks(deps, await linkContext(deps.db, workspace, actor.userId), body.ids, { add: body.add_tags, remove: body.remove_tags }),
      }),
      {
        access: { role: 'editor' },
        params: WsParams,
        body: withExample(BulkTagBody, { ids: ['<link id>'], add_tags: ['spring'], remove_tags: ['draft'] }),
        response: { 200: BulkTagged },
        detail: { summary: 'Add or remove tags on up to 100 links (unknown IDs are ignored)' },
      },
    )
    .get(
      '/api/workspaces/:wsId/links/:linkId',
      async ({ workspace, params }) => {
        const row = await getLink(deps.db, workspace.id, params.linkId);
        if (!row) throw notFound('Link');
        return linkView(row, deps.config);
      },
      { access: { role: 'viewer' }, params: LinkParams, response: { 200: Link }, detail: { summary: 'Get a link' } },
    )
    .patch(
      '/api/workspaces/:wsId/links/:linkId',
      async ({ workspace, actor, params, body }) => {
        await updateLink(deps, await linkContext(deps.db, workspace, actor.userId), params.linkId, body);
        return { ok: true as const };
      },
      {
        access: { role: 'editor' },
        params: LinkParams,
        body: withExample(PatchLinkBody, { title: 'Spring launch', tags: ['launch', 'spring'] }),
        response: { 200: OkBody, ...errors(402, 409) },
        detail: { summary: 'Update a link (null clears a field; effective on the next visit)' },
      },
    )
    .delete(
      '/api/workspaces/:wsId/links/:linkId',
      async ({ workspace, actor, params }) => {
        await deleteLink(deps, await linkContext(deps.db, workspace, actor.userId), params.linkId);
        return { ok: true as const };
      },
      { access: { role: 'admin' }, params: LinkParams, response: { 200: OkBody }, detail: { summary: 'Delete a link' } },
    );
