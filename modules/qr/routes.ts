import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { ApiError, notFound } from '../../core/errors';
import { errors, OkBody, withExample, WsParams } from '../../core/model';
import { RATE_LIMITS } from '../../core/plans';
import { shortUrl } from '../../core/hosts';
import { getLink } from '../links';
import { LOGO_MAX_BYTES } from './logo-image';
import { deleteLogo, findLogo, listLogos, setWorkspaceLogo, uploadLogo } from './logos';
import { LogoParams, PatchLogoBody, QrLogo, QrLogoList, QrQuery, UploadLogoQuery } from './model';
import { QR_CONTENT_TYPE, renderQr } from './service';

/** Error answers in the OpenAPI document of a route whose success is not JSON. */
const documentedErrors = (...codes: Parameters<typeof errors>) =>
  Object.fromEntries(
    Object.entries(errors(...codes)).map(([status, schema]) => [status, { description: `Error ${status}`, content: { 'application/json': { schema } } }]),
  );

/**
 * The uploaded file's bytes: the body itself (image/png, image/jpeg, application/octet-stream) or a
 * multipart form's `file`. What it is, is decided from the bytes by `readLogo`, not from these headers.
 * Other bodies fall through to Elysia's parsers (an error thrown here would be answered as a parse
 * failure), and `logoBytes` refuses them.
 */
async function logoUpload({ request }: { request: Request }, contentType: string): Promise<Uint8Array | FormData | undefined> {
  if (contentType.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const file = form.get('file');
    // the form without its file, not undefined: the body is read, no other parser may try again
    return file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : form;
  }
  if (/^(image\/[a-z.+-]+|application\/octet-stream)\s*(;|$)/i.test(contentType)) return new Uint8Array(await request.arrayBuffer());
}

function logoBytes(body: unknown, contentType: string | null): Uint8Array {
  if (body instanceof Uint8Array) return body;
  if (contentType?.startsWith('multipart/form-data'))
    throw new ApiError(400, 'Send the logo as the form’s file field `file`', { field: 'file', code: 'required' });
  throw new ApiError(415, 'Send the logo as the body (content-type image/png or image/jpeg) or as the multipart field `file`');
}

export const qrRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:qr', detail: { tags: ['Links'] } })
    .use(accessMacro(deps.access))
    .get(
      '/api/workspaces/:wsId/links/:linkId/qr',
      async ({ workspace, actor, params, query }) => {
        await deps.limiter.consume('qr', actor.userId, RATE_LIMITS.qr);
        const link = await getLink(deps.db, workspace.id, params.linkId);
        if (!link) throw notFound('Link');
        const format = query.format ?? 'svg';
        const logo = query.logo ? await findLogo(deps.db, workspace.id, query.logo, 'logo') : undefined;
        const image = await renderQr(
          shortUrl(deps.config, link.domain, link.slug),
          {
            format,
            size: query.size ?? 400,
            fg: query.fg ?? '000000',
            bg: query.bg ?? 'ffffff',
            margin: query.margin ?? 2,
            ec: query.ec ?? 'M',
          },
          logo,
        );
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
          summary: 'QR code of a link’s short URL (SVG or PNG), optionally with a logo in the middle',
          responses: {
            200: {
              description: 'The QR code image encoding the link’s short_url',
              content: { 'image/svg+xml': { schema: { type: 'string' } }, 'image/png': { schema: { type: 'string', format: 'binary' } } },
            },
            ...documentedErrors(400, 401, 403, 404, 429),
          },
        },
      },
    )
    .post(
      '/api/workspaces/:wsId/qr/logos',
      async ({ workspace, actor, body, query, request, set }) => {
        const bytes = logoBytes(body, request.headers.get('content-type'));
        // decoding an image costs as much as drawing a code: the same budget
        await deps.limiter.consume('qr', actor.userId, RATE_LIMITS.qr);
        const { logo, created } = await uploadLogo(
          deps.db,
          { workspaceId: workspace.id, plan: workspace.plan, userId: actor.userId },
          bytes,
          query.workspace_logo === true,
        );
        set.status = created ? 201 : 200;
        return logo;
      },
      {
        access: { role: 'editor' },
        params: WsParams,
        query: UploadLogoQuery,
        parse: logoUpload,
        response: { 200: QrLogo, 201: QrLogo, ...errors(400, 402, 415, 429) },
        detail: {
          summary: 'Upload a logo for QR codes (PNG or JPEG); 201 new, 200 the same file already stored',
          description: `The file is the body (\`content-type: image/png\` or \`image/jpeg\`, e.g. \`curl --data-binary @logo.png\`) or the multipart field \`file\` (\`curl -F file=@logo.png\`). Its type is read from its bytes; SVG and other types are refused. At most ${LOGO_MAX_BYTES / 1024} kB and 1024 × 1024 pixels, at least 16 × 16.`,
          requestBody: {
            required: true,
            content: {
              'image/png': { schema: { type: 'string', format: 'binary' } },
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } },
            },
          },
        },
      },
    )
    .get('/api/workspaces/:wsId/qr/logos', async ({ workspace }) => ({ logos: await listLogos(deps.db, workspace.id) }), {
      access: { role: 'viewer' },
      params: WsParams,
      response: { 200: QrLogoList },
      detail: { summary: 'List the QR logos of a workspace, newest first' },
    })
    .get(
      '/api/workspaces/:wsId/qr/logos/:logoId',
      async ({ workspace, params }) => {
        const logo = await findLogo(deps.db, workspace.id, params.logoId);
        // served as an image that nothing may run or reinterpret
        return new Response(logo.bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            'content-type': logo.type,
            'x-content-type-options': 'nosniff',
            'content-security-policy': "default-src 'none'; sandbox",
            'cache-control': 'private, max-age=3600',
          },
        });
      },
      {
        access: { role: 'viewer' },
        params: LogoParams,
        detail: {
          summary: 'The logo file (`workspace` for the workspace logo)',
          responses: {
            200: {
              description: 'The file as uploaded',
              content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
            },
            ...documentedErrors(400, 401, 403, 404),
          },
        },
      },
    )
    .patch(
      '/api/workspaces/:wsId/qr/logos/:logoId',
      async ({ workspace, params, body }) => setWorkspaceLogo(deps.db, workspace.id, params.logoId, body.workspace_logo),
      {
        access: { role: 'editor' },
        params: LogoParams,
        body: withExample(PatchLogoBody, { workspace_logo: true }),
        response: { 200: QrLogo, ...errors(400, 404) },
        detail: { summary: 'Make a logo the workspace logo, or stop it being one' },
      },
    )
    .delete(
      '/api/workspaces/:wsId/qr/logos/:logoId',
      async ({ workspace, params }) => {
        await deleteLogo(deps.db, workspace.id, params.logoId);
        return { ok: true as const };
      },
      {
        access: { role: 'editor' },
        params: LogoParams,
        response: { 200: OkBody, ...errors(404) },
        detail: { summary: 'Delete a QR logo' },
      },
    );
