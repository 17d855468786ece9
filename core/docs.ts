import { dirname, join } from 'node:path';
import { openapi } from '@elysiajs/openapi';
import { SwaggerUIRender } from '@elysiajs/openapi/swagger';
import { Elysia } from 'elysia';
import { documentedSchemas } from './model';
import { inlineHash } from './security-headers';

const SWAGGER_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set(['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']);

const INFO = {
  title: 'Linkhop API',
  version: '1.0',
  description:
    'Short links, smart redirects, team workspaces, webhooks and analytics. Authenticate every request with the X-API-Key header (the dashboard sends its lh_session cookie instead, and X-CSRF-Token on writes).',
};

/**
 * The Swagger UI page, rendered by the plugin's own renderer but served here, with its policy: our
 * files only, and its one inline script by hash. The spec URL is absolute (the plugin's default is
 * relative to the page: /api/api/openapi.json); the renderer's type omits `url`.
 */
const DOCS_PAGE = SwaggerUIRender(INFO, {
  ...({ url: '/api/openapi.json' } as object),
  cdn: '/api/docs/assets/swagger-ui-bundle.js',
  theme: '/api/docs/assets/swagger-ui.css',
  autoDarkMode: false,
});
const INLINE_SCRIPTS = [...DOCS_PAGE.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => inlineHash(m[1]!));
const DOCS_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; script-src 'self' ${INLINE_SCRIPTS.join(' ')}; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
};

/** OpenAPI at /api/openapi.json and Swagger UI at /api/docs, its assets served locally (no CDN). */
export const docs = () =>
  new Elysia({ name: 'docs' })
    .use(
      openapi({
        specPath: '/api/openapi.json',
        provider: null,
        exclude: { paths: [/^\/api\/docs/, '/api/openapi.json', '/:slug', '/p/:slug', '/mcp'] },
        documentation: {
          info: INFO,
          servers: [{ url: '/' }],
          components: {
            schemas: Object.fromEntries(documentedSchemas),
            securitySchemes: {
              apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
              session: { type: 'apiKey', in: 'cookie', name: 'lh_session', description: 'Dashboard session; writes also need the X-CSRF-Token header' },
              adminToken: { type: 'http', scheme: 'bearer' },
            },
          },
          security: [{ apiKey: [] }, { session: [] }],
        },
      }),
    )
    .get('/api/docs', () => new Response(DOCS_PAGE, { headers: DOCS_HEADERS }), { detail: { hide: true } })
    .get(
      '/api/docs/assets/:file',
      ({ params, set }) => {
        if (!ASSETS.has(params.file)) {
          set.status = 404;
          return { error: 'Not found', code: 'not_found' };
        }
        set.headers['cache-control'] = 'public, max-age=86400';
        return Bun.file(join(SWAGGER_DIR, params.file));
      },
      { detail: { hide: true } },
    );
