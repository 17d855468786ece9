import type { BodyLimit, KeylessRoute, LinkhopModule } from './module';

/**
 * What the kernel routes by path, built once from the module descriptors (app/modules.ts) instead of
 * lists of its own: which first segments are the site's, which `/api` routes need no credential,
 * which bodies may be large. The kernel owns `/api` and its docs (core/docs.ts) itself.
 */
export interface SitePaths {
  /** first segments served on the site host only: on any other host a plain 404 */
  site: ReadonlySet<string>;
  /** first segments the app answers (site host only, or every host): never handed to the redirector's lane */
  answered: ReadonlySet<string>;
  /** those and the ones kept for the site: never a slug, generated or chosen */
  reserved: ReadonlySet<string>;
  /** `/api` paths without an API key or session */
  keyless: RegExp;
  /** `/api` paths answered on every host */
  anyHostApi: ReadonlySet<string>;
  bodyLimits: readonly BodyLimit[];
}

const KERNEL_SEGMENTS = ['api'];
const KERNEL_KEYLESS: KeylessRoute[] = ['/api/docs/*', '/api/openapi.json'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/admin/*` matches `/api/admin` and everything below it; any other route is one exact path. */
export function keylessPattern(routes: readonly KeylessRoute[]): RegExp {
  const alternatives = routes.map((route) => (route.endsWith('/*') ? `${escapeRegExp(route.slice(0, -2))}(?:/|$)` : `${escapeRegExp(route)}$`));
  return new RegExp(`^(?:${alternatives.join('|')})`);
}

export function sitePaths(modules: readonly LinkhopModule[]): SitePaths {
  const site = new Set(KERNEL_SEGMENTS);
  const answered = new Set(KERNEL_SEGMENTS);
  const reserved = new Set(KERNEL_SEGMENTS);
  const claimed = new Map<string, string>(KERNEL_SEGMENTS.map((segment) => [segment, 'the kernel']));
  for (const { name, segments = {} } of modules) {
    for (const segment of [...(segments.site ?? []), ...(segments.anyHost ?? []), ...(segments.reserved ?? [])]) {
      // two owners of one segment would each think the other's requests theirs
      const owner = claimed.get(segment);
      if (owner) throw new Error(`path segment "${segment}" is declared by ${owner} and by the ${name} module`);
      claimed.set(segment, `the ${name} module`);
      reserved.add(segment);
    }
    for (const segment of segments.site ?? []) site.add(segment);
    for (const segment of [...(segments.site ?? []), ...(segments.anyHost ?? [])]) answered.add(segment);
  }
  return {
    site,
    answered,
    reserved,
    keyless: keylessPattern([...KERNEL_KEYLESS, ...modules.flatMap((m) => m.keylessRoutes ?? [])]),
    anyHostApi: new Set(modules.flatMap((m) => m.anyHostApiRoutes ?? [])),
    bodyLimits: modules.flatMap((m) => m.bodyLimits ?? []),
  };
}
