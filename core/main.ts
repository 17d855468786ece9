import { loadConfig } from './config';
import { surviveClosedSocketWrites } from './db';
import { startServer } from './server';

const config = loadConfig();
const started = Date.now();
const server = await startServer(config);
surviveClosedSocketWrites((err) => server.deps.log.warn({ err }, 'write to a closed PostgreSQL connection ignored'));
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
    await server.stop();
    process.exit(0);
  });
}
