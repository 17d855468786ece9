import type { AnyElysia } from 'elysia';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods of the app's routes for `path`, for a 405's `Allow` (empty: no route has the path).
 * Asks Elysia's own router: static paths are in its table, paths with parameters in its radix tree.
 * One-segment paths are only looked up in the table: in the tree they would match `/:slug`, and a short
 * link's path (`GET|HEAD|POST` on the short domains) answers any other method with its 404, as an unknown link does.
 */
export function allowedMethods(app: AnyElysia, path: string): string[] {
  const router = app.router;
  const methods = new Set(Object.keys(router.static[path] ?? {}));
  const segments = path.replace(/\/+$/, '').split('/').length - 1;
  if (segments > 1) for (const method of METHODS) if (router.http.find(method, path)) methods.add(method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}
