import { dirname, join } from 'node:path';
import { openapi } from '@elysiajs/openapi';
import { Elysia } from 'elysia';
import { documentedSchemas } from './model';

const SWAGGER_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set(['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']);

/** OpenAPI at /api/openapi.json and Swagger UI at /api/docs, its assets served locally (no CDN). */
export const docs = () =>
  new Elysia({ name: 'docs' })
    .use(
      openapi({
        path: '/api/docs',
        specPath: '/api/openapi.json',
        provider: 'swagger-ui',
        // an absolute spec URL: the plugin's default is relative to the page (/api/api/openapi.json); its type omits `url`
        swagger: {
          ...({ url: '/api/openapi.json' } as object),
          cdn: '/api/docs/assets/swagger-ui-bundle.js',
          theme: '/api/docs/assets/swagger-ui.css',
          autoDarkMode: false,
        },
        exclude: { paths: [/^\/api\/docs/, '/api/openapi.json', '/:slug', '/p/:slug', '/mcp'] },
        documentation: {
          info: {
            title: 'Linkhop API',
            version: '1.0',
            description:
              'Short links, smart redirects, team workspaces, webhooks and analytics. Authenticate every request with the X-API-Key header (the dashboard sends its lh_session cookie instead, and X-CSRF-Token on writes).',
          },
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
    .get(
      '/api/docs/assets/:file',
      ({ params, set }) => {
        if (!ASSETS.has(params.file)) {
          set.status = 404;
          return { error: 'Not found' };
        }
        set.headers['cache-control'] = 'public, max-age=86400';
        return Bun.file(join(SWAGGER_DIR, params.file));
      },
      { detail: { hide: true } },
    );
