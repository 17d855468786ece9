import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { errors, Int, OkBody, withExample, WsParams } from '../../core/model';
import { DEFAULT_CSP } from '../../core/security-headers';
import {
  AddLinksBody,
  CreatedPortfolio,
  CreatePortfolioBody,
  OrderLinksBody,
  PatchPortfolioBody,
  Portfolio,
  PortfolioLinkParams,
  PortfolioParams,
  PortfolioWithLinks,
} from './model';
import { avatarBySlug, removeAvatar, setAvatar } from './avatar';
import { AvatarAnswer, avatarRequestBody, readAvatarUpload } from './avatar-model';
import { PAGE_CACHE_CONTROL, PAGE_CSP, portfolioPage } from './page';
import {
  addPortfolioLinks,
  createPortfolio,
  deletePortfolio,
  listPortfolios,
  orderPortfolioLinks,
  portfolioView,
  portfolioWithLinks,
  removePortfolioLink,
  updatePortfolio,
} from './service';

const base = '/api/workspaces/:wsId/portfolios';

export const portfolioRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:portfolios', detail: { tags: ['Portfolios'] } })
    .use(accessMacro(deps.access))
    .post(
      base,
      async ({ workspace, actor, body, set }) => {
        const row = await createPortfolio(deps, workspace, actor.userId, body);
        set.status = 201;
        const { id, name, slug, description, config, created_at } = portfolioView(row, deps.config.siteUrl);
        return { id, name, slug, description, config, created_at };
      },
      {
        access: { role: 'editor', feature: 'portfolios' },
        params: WsParams,
        body: withExample(CreatePortfolioBody, { name: 'Spring picks', description: 'Our spring campaign links' }),
        response: { 201: CreatedPortfolio, ...errors(400, 401, 402, 403, 404, 409) },
        detail: { summary: 'Create a portfolio (public page at {site_url}/p/{slug})' },
      },
    )
    .get(base, async ({ workspace }) => ({ portfolios: (await listPortfolios(deps.db, workspace.id)).map((row) => portfolioView(row, deps.config.siteUrl)) }), {
      access: { role: 'viewer', feature: 'portfolios' },
      params: WsParams,
      response: { 200: t.Object({ portfolios: t.Array(Portfolio) }), ...errors(401, 402, 403, 404) },
      detail: { summary: 'List portfolios (newest first, without links)' },
    })
    .get(`${base}/:portfolioId`, ({ workspace, params }) => portfolioWithLinks(deps, workspace.id, params.portfolioId), {
      access: { role: 'viewer', feature: 'portfolios' },
      params: PortfolioParams,
      response: { 200: PortfolioWithLinks, ...errors(402, 403, 404) },
      detail: { summary: 'Get a portfolio with its links in sort order' },
    })
    .patch(
      `${base}/:portfolioId`,
      async ({ workspace, params, body }) => {
        await updatePortfolio(deps, workspace.id, params.portfolioId, body);
        return { ok: true as const };
      },
      {
        access: { role: 'editor', feature: 'portfolios' },
        params: PortfolioParams,
        body: withExample(PatchPortfolioBody, { description: 'The best of spring' }),
        response: { 200: OkBody, ...errors(402, 403, 404) },
        detail: { summary: 'Update name, description or config (config keys given replace the stored ones)' },
      },
    )
    .delete(
      `${base}/:portfolioId`,
      async ({ workspace, params }) => {
        await deletePortfolio(deps, workspace.id, params.portfolioId);
        return { ok: true as const };
      },
      {
        access: { role: 'admin', feature: 'portfolios' },
        params: PortfolioParams,
        response: { 200: OkBody, ...errors(402, 403, 404) },
        detail: { summary: 'Delete a portfolio (its links remain)' },
      },
    )
    .put(
      `${base}/:portfolioId/avatar`,
      async ({ workspace, params, body }) => {
        return { avatar_url: await setAvatar(deps, workspace.id, params.portfolioId, body as Uint8Array) };
      },
      {
        access: { role: 'editor', feature: 'portfolios' },
        params: PortfolioParams,
        // the bytes are checked in the handler (size, then type from the bytes themselves)
        parse: readAvatarUpload,
        response: { 200: AvatarAnswer, ...errors(400, 402, 403, 404, 413, 415) },
        detail: {
          summary: 'Upload the avatar (PNG, JPEG, WebP or GIF, at most 512 kB) shown on the public page and as its og:image',
          description:
            'The image is the whole body (`curl -T me.png` or `--data-binary @me.png`), or a multipart file field `avatar` (`curl -F avatar=@me.png`). Its type is read from its bytes: SVG and other types answer 415, a larger image 413. A new upload replaces the old one under a new URL.',
          requestBody: avatarRequestBody,
        },
      },
    )
    .delete(
      `${base}/:portfolioId/avatar`,
      async ({ workspace, params }) => {
        await removeAvatar(deps, workspace.id, params.portfolioId);
        return { ok: true as const };
      },
      {
        access: { role: 'editor', feature: 'portfolios' },
        params: PortfolioParams,
        response: { 200: OkBody, ...errors(402, 403, 404) },
        detail: { summary: 'Remove the avatar (the page shows the initials of the name instead)' },
      },
    )
    .post(
      `${base}/:portfolioId/links`,
      async ({ workspace, params, body }) => ({ added: await addPortfolioLinks(deps, workspace.id, params.portfolioId, body.link_ids) }),
      {
        access: { role: 'editor', feature: 'portfolios' },
        params: PortfolioParams,
        body: withExample(AddLinksBody, { link_ids: ['<link id>'] }),
        response: { 200: t.Object({ added: Int() }), ...errors(402, 403, 404) },
        detail: { summary: 'Add 1 to 50 links at the end (other workspaces’ links and duplicates are skipped)' },
      },
    )
    .put(
      `${base}/:portfolioId/links/order`,
      async ({ workspace, params, body }) => {
        await orderPortfolioLinks(deps, workspace.id, params.portfolioId, body.link_ids);
        return { ok: true as const };
      },
      {
        access: { role: 'editor', feature: 'portfolios' },
        params: PortfolioParams,
        body: withExample(OrderLinksBody, { link_ids: ['<second link id>', '<first link id>'] }),
        response: { 200: OkBody, ...errors(402, 403, 404) },
        detail: {
          summary: 'Reorder the links',
          description:
            'Sets `sort_order` to each link’s position in `link_ids`, which must list every link of the portfolio exactly once (400 otherwise). The public page follows at once.',
        },
      },
    )
    .delete(
      `${base}/:portfolioId/links/:linkId`,
      async ({ workspace, params }) => {
        await removePortfolioLink(deps, workspace.id, params.portfolioId, params.linkId);
        return { ok: true as const };
      },
      {
        access: { role: 'editor', feature: 'portfolios' },
        params: PortfolioLinkParams,
        response: { 200: OkBody, ...errors(402, 403, 404) },
        detail: { summary: 'Remove a link from a portfolio (the link remains)' },
      },
    );

/** `{site_url}/p/{slug}`: the kernel answers 404 for /p on every other host. */
export const portfolioPageRoute = (deps: Deps) =>
  new Elysia({ name: 'routes:portfolio-page', detail: { tags: ['Public pages'] } })
    .get(
      '/p/:slug/avatar',
      async ({ params, query }) => {
        const avatar = await avatarBySlug(deps.readDb, params.slug);
        if (!avatar) throw notFound('Avatar');
        return new Response(avatar.bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            // the type detected at upload, one of four image types: never HTML or SVG
            'content-type': avatar.contentType,
            'x-content-type-options': 'nosniff',
            'content-security-policy': DEFAULT_CSP,
            // the URL the page links carries the version: that one never changes
            'cache-control': query.v === avatar.version ? 'public, max-age=31536000, immutable' : PAGE_CACHE_CONTROL,
          },
        });
      },
      {
        params: t.Object({ slug: t.String() }),
        query: t.Object({ v: t.Optional(t.String()) }),
        detail: { summary: 'A public portfolio page’s avatar image (no authentication)' },
      },
    )
    .get(
      '/p/:slug',
      async ({ params }) => {
        const page = await portfolioPage(deps, params.slug);
        return new Response(page.html, {
          status: page.status,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': PAGE_CSP,
            ...(page.status === 200 ? { 'cache-control': PAGE_CACHE_CONTROL } : {}),
          },
        });
      },
      { params: t.Object({ slug: t.String() }), detail: { summary: 'Public portfolio page (HTML, no authentication, cached 5 minutes)' } },
    );
