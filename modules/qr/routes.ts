import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { errors } from '../../core/model';
import { RATE_LIMITS } from '../../core/plans';
import { shortUrl } from '../../core/hosts';
import { getLink } from '../links';
import { QrQuery } from './model';
import { QR_CONTENT_TYPE, renderQr } from './service';

export const qrRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:qr', detail: { tags: ['Links'] } }).use(accessMacro(deps.access)).get(
    '/api/workspaces/:wsId/links/:linkId/qr',
    async ({ workspace, actor, params, query }) => {
      await deps.limiter.consume('qr', actor.userId, RATE_LIMITS.qr);
      const link = await getLink(deps.db, workspace.id, params.linkId);
      if (!link) throw notFound('Link');
      const format = query.format ?? 'svg';
      const image = await renderQr(shortUrl(deps.config, link.domain, link.slug), {
        format,
        size: query.size ?? 400,
        fg: query.fg ?? '000000',
        bg: query.bg ?? 'ffffff',
        margin: query.margin ?? 2,
        ec: query.ec ?? 'M',
      });
      const headers: Record<string, string> = { 'content-type': QR_CONTENT_TYPE[format] };
      if (query.download === '1' || query.download === 'true') {
        headers['content-disposition'] = `attachment; filename="qr-${link.slug.replace(/[^A-Za-z0-9_-]/g, '_')}.${format}"`;
      }
      return new Response(image, { headers });
    },
    {
      access: { role: 'viewer' },
      params: t.Object({ wsId: t.String(), linkId: t.String() }),
      query: QrQuery,
      // documented by hand: a TypeBox response schema would make the generator announce JSON
      detail: {
        summary: 'QR code of a link’s short URL (SVG or PNG)',
        responses: {
          200: {
            description: 'The QR code image encoding the link’s short_url',
            content: { 'image/svg+xml': { schema: { type: 'string' } }, 'image/png': { schema: { type: 'string', format: 'binary' } } },
          },
          ...Object.fromEntries(
            Object.entries(errors(400, 401, 403, 404, 429)).map(([status, schema]) => [
              status,
              { description: `Error ${status}`, content: { 'application/json': { schema } } },
            ]),
          ),
        },
      },
    },
  );
