import { loadConfigOrExit } from '../core/config';
import { serveControlSocket } from './control-socket';
import { DataDirInUse } from '../core/data-dir-lock';
import { ConfigError } from '../core/errors';
import { surviveClosedSocketWrites } from '../core/db';
import { PluginLoadError } from './plugins';
import { startServer } from './server';

const config = loadConfigOrExit();
const started = Date.now();
const server = await startServer(config).catch((error) => {
  if (!(error instanceof DataDirInUse || error instanceof PluginLoadError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
});
// the embedded database admits this process only: `cli backup` reaches it through DATA_DIR/linkhop.sock
const controlSocket = config.databaseUrl ? undefined : serveControlSocket(server.deps);
surviveClosedSocketWrites((err) => server.deps.log.warn({ err }, 'write to a closed PostgreSQL connection ignored'));
// the embedded database's thread is gone (PGlite aborted): exit, so that a supervisor starts a fresh process on DATA_DIR
server.deps.database.onLost?.((err) => {
  server.deps.log.fatal({ err }, 'embedded database worker lost; exiting');
  process.exit(1);
});
server.deps.log.info(
  { port: server.port, site: config.siteUrl, database: server.deps.database.kind, redis: Boolean(config.redisUrl), ms: Date.now() - started },
  `Linkhop listening on ${config.siteUrl} (database: ${server.deps.database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    server.deps.log.info({ signal }, 'shutting down');
    controlSocket?.stop();
    await server.stop();
    process.exit(0);
  });
}
