import { Elysia, t } from 'elysia';
import { accessMacro } from '../core/access';
import type { Deps } from '../core/deps';
import { errors } from '../core/model';
import type { MountedRoute } from './plugins';

/** The error answers a plugin route can give, from its declaration: the same statuses a module documents by hand. */
function errorStatuses({ route }: MountedRoute) {
  const codes: Parameters<typeof errors> = [401, ...(route.errors ?? [])];
  if (route.body || route.query) codes.push(400);
  // 403: a role below the rule's, or a session write without its CSRF token
  if (route.method !== 'GET' || (route.access !== true && route.access.role)) codes.push(403);
  if (route.path.includes(':wsId')) codes.push(404);
  if (route.access !== true && (route.access.plan || route.access.feature)) codes.push(402);
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
