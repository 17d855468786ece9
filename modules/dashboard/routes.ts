import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { requestHost } from '../../core/hosts';
import { ASSET_HEADERS, ASSET_PATH, SHELL_HEADERS, shellHtml } from './shell';
import { clientBundle } from './assets';

const notFound = () =>
  new Response(JSON.stringify({ error: 'Not found', code: 'not_found' }), { status: 404, headers: { 'content-type': 'application/json' } });

async function serveShell() {
  return new Response(shellHtml(await clientBundle()), { headers: SHELL_HEADERS });
}

/**
 * The dashboard: a client-side app served at /app on the site host (the kernel keeps `app` off
 * short domains). Every /app path but an asset answers the shell; the client routes from there.
 */
export const dashboardRoutes = (deps: Deps) =>
  new Elysia({ name: 'module:dashboard', detail: { hide: true } })
    // the site's root leads to the dashboard; on a short domain `/` is no link
    .get('/', ({ request }) => (requestHost(request) === deps.config.siteHost ? Response.redirect(`${deps.config.siteUrl}/app`, 302) : notFound()))
    .get('/app', serveShell)
    .get('/app/*', async ({ request }) => {
      const path = new URL(request.url).pathname;
      if (!path.startsWith(ASSET_PATH)) return serveShell();
      const asset = (await clientBundle()).assets.get(path.slice(ASSET_PATH.length));
      if (!asset) return notFound();
      const headers = { ...ASSET_HEADERS, 'content-type': asset.type, vary: 'accept-encoding' };
      if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
        return new Response(asset.gzipped as Uint8Array<ArrayBuffer>, { headers: { ...headers, 'content-encoding': 'gzip' } });
      }
      return new Response(asset.body as Uint8Array<ArrayBuffer>, { headers });
    });
