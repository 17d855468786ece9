import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { redirectorOf } from './service';

/**
 * `GET|HEAD|POST /{slug}` on the default domain and verified custom domains (POST is the password
 * form), for `app.handle` callers: a listening server sends short-link visits to the redirector
 * before the app (app/kernel.ts `createFetch`).
 */
export const redirectRoutes = (deps: Deps) => {
  const redirector = redirectorOf(deps);
  return (
    new Elysia({ name: 'module:redirect', detail: { tags: ['Redirects'], hide: true } })
      // Bun may answer HEAD through the GET route: the method comes from the request
      .get('/:slug', ({ request, params, server }) => redirector.visit(request, params.slug, request.method === 'HEAD' ? 'HEAD' : 'GET', server))
      .head('/:slug', ({ request, params, server }) => redirector.visit(request, params.slug, 'HEAD', server))
      .post('/:slug', ({ request, params, server }) => redirector.visit(request, params.slug, 'POST', server), { parse: 'none' })
  );
};
