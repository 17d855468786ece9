import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { redirectorOf } from './service';

/**
 * Short links: `GET|HEAD|POST /{slug}` on the default domain and verified custom domains (POST is
 * the password form). Registered last in the kernel, so every site route wins over `/:slug`.
 */
export const redirectModule = (deps: Deps) => {
  const redirector = redirectorOf(deps);
  return (
    new Elysia({ name: 'module:redirect', detail: { tags: ['Redirects'], hide: true } })
      // Bun may answer HEAD through the GET route: the method comes from the request
      .get('/:slug', ({ request, params, server }) => redirector.visit(request, params.slug, request.method === 'HEAD' ? 'HEAD' : 'GET', server))
      .head('/:slug', ({ request, params, server }) => redirector.visit(request, params.slug, 'HEAD', server))
      .post('/:slug', ({ request, params, server }) => redirector.visit(request, params.slug, 'POST', server), { parse: 'none' })
  );
};
