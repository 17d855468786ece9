import type { Config } from './config';
import { createDeps, type Deps } from './deps';
import { createApp, listen } from './kernel';
import { loadPlugins } from './plugins';
import { clientBundle } from '../modules/dashboard/assets';

/** Deps + app + plugins + listening server: what `npm start` runs (and tests that need a real socket). */
export async function startServer(config: Config, opts: { deps?: Deps } = {}) {
  const deps = opts.deps ?? (await createDeps(config));
  const app = createApp(deps);
  await loadPlugins(config.plugins, { hooks: deps.bus, config, log: deps.log });
  await clientBundle(); // the dashboard is bundled before the first visitor, and a broken bundle stops the start
  const server = listen(deps, app, { port: config.port, hostname: '0.0.0.0' });
  const port = server.port!;
  return {
    deps,
    app,
    port,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.stop();
      await deps.close();
    },
  };
}
