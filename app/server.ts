import type { Config } from '../core/config';
import type { Deps } from '../core/deps';
import { createDeps } from './deps';
import { createApp, listen } from './kernel';
import { checkModules, startModules, stopModules } from './modules';
import { loadPlugins } from './plugins';

/**
 * Says so when the default short domain is the site's host: short-link pages, which run Team
 * workspaces' retargeting scripts, then share the origin of /app and /api. They are sandboxed, but
 * on one host the sandbox header is all that stands between those scripts and a visitor's session.
 */
export function warnSharedShortHost(deps: Pick<Deps, 'config' | 'log'>) {
  const { siteHost, defaultDomain } = deps.config;
  if (defaultDomain !== siteHost) return;
  deps.log.warn(
    { siteHost, defaultDomain },
    `The default short domain is the site's host (${siteHost}): short-link pages, which run the retargeting scripts of Team workspaces, share the origin of the dashboard and the API. They are served sandboxed, so those scripts cannot use a visitor's session; but a proxy that drops the Content-Security-Policy header, or a browser that ignores it, would let them act as any signed-in person who follows a link. Serve short links on a domain of their own: set DEFAULT_DOMAIN (e.g. DEFAULT_DOMAIN=exmpl.link for SITE_URL=https://example.com; a subdomain such as go.example.com also separates them).`,
  );
}

/** Deps + app + plugins + listening server: what `npm start` runs (and tests that need a real socket). */
export async function startServer(config: Config, opts: { deps?: Deps } = {}) {
  const deps = opts.deps ?? (await createDeps(config));
  // plugins come first: their routes are part of the app, their hooks of the redirect pipeline
  const plugins = await loadPlugins(deps, config.plugins, { schedule: true }).catch(async (error) => {
    if (!opts.deps) await deps.close(); // a caller's deps are the caller's to close
    throw error;
  });
  const app = createApp(deps, plugins);
  startModules(deps);
  warnSharedShortHost(deps);
  await checkModules(deps);
  const server = listen(deps, app, { port: config.port, hostname: '0.0.0.0' });
  const port = server.port!;
  return {
    deps,
    app,
    port,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.stop();
      // no visit is in flight now: the modules finish (the last click batch is handed over)
      await stopModules(deps);
      await deps.close();
    },
  };
}
