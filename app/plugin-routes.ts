import { Elysia, t } from 'elysia';
import { accessMacro } from '../core/access';
import type { Deps } from '../core/deps';
import { errors } from '../core/model';
import type { MountedRoute } from './plugins';

/**
 * The error answers a plugin route adds to those of its access rule and validation (the `access`
 * macro documents those: core/access.ts `guardStatuses`): its handler's, and 403 for a session write
 * without its CSRF token.
 */
function errorStatuses({ route }: MountedRoute) {
  const codes = [...(route.errors ?? [])];
  if (route.method !== 'GET') codes.push(403);
  return errors(...new Set(codes));
}

/**
 * The extension plugins' routes, each under `/api/plugins/<plugin>/…`, behind the kernel's `access`
 * macro and documented in the OpenAPI document like the modules' routes (tag "Plugin <name>").
 */
export function pluginRoutes(deps: Deps, routes: MountedRoute[]) {
  // routes are data here, not a literal chain: Elysia's per-route types cannot follow (the declarations' types did)
  const seed = routes.map((r) => `${r.plugin} ${r.route.method} ${r.route.path}`);
  const app: any = new Elysia({ name: 'plugin-routes', seed }).use(accessMacro(deps.access));
  for (const mounted of routes) {
    const { plugin, route } = mounted;
    const path = `/api/plugins/${plugin}${route.path}`;
    const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const status = route.status ?? 200;
    // routes are data here, not a literal chain: Elysia's per-route types cannot follow, the declaration's types did
    (app as Elysia).route(
      route.method,
      path,
      async (c: any) => {
        c.set.status = status;
        return route.handler({ body: c.body, query: c.query, params: c.params, actor: c.actor, workspace: c.workspace });
      },
      {
        access: route.access,
        ...(names.length ? { params: t.Object(Object.fromEntries(names.map((n) => [n, t.String()]))) } : {}),
        ...(route.body ? { body: route.body } : {}),
        ...(route.query ? { query: route.query } : {}),
        response: { [status]: route.response, ...errorStatuses(mounted) },
        detail: { summary: route.summary, tags: [`Plugin ${plugin}`] },
      },
    );
  }
  return app as Elysia;
}
