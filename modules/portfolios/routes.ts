import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, Int, OkBody, withExample, WsParams } from '../../core/model';
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
        const { id, name, slug, description, config, created_at } = portfolioView(row);
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
    .get(base, async ({ workspace }) => ({ portfolios: (await listPortfolios(deps.db, workspace.id)).map(portfolioView) }), {
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
  new Elysia({ name: 'routes:portfolio-page', detail: { tags: ['Public pages'] } }).get(
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
