import { loadConfigOrExit } from '../../core/config';
import { surviveClosedSocketWrites } from '../../core/db';
import { createDeps } from '../deps';
import { stopWorkerModules } from '../modules';
import { loadPlugins } from '../plugins';

/**
 * A worker process: BullMQ consumers for the given queues (all when none given, `plugins` among
 * them when PLUGINS declare jobs). Its deps come with every module's bus handlers and job
 * processors (app/modules.ts): what a job emits (link.broken) reaches the same subscribers
 * (webhooks) as in the server.
 */
export async function runWorkers(queues: string[]) {
  const config = loadConfigOrExit();
  if (!config.redisUrl) {
    console.error('Workers need REDIS_URL: without it the server runs every job in process (embedded default).');
    process.exit(2);
  }
  const deps = await createDeps(config);
  surviveClosedSocketWrites((err) => deps.log.warn({ err }, 'write to a closed PostgreSQL connection ignored'));
  try {
    // every process loads the plugins: their event handlers see what this process emits (link.broken here)
    await loadPlugins(deps, config.plugins, { schedule: true });
    await deps.queue.startWorkers(queues);
  } catch (error) {
    console.error((error as Error).message);
    await deps.close();
    process.exit(2);
  }
  deps.log.info({ queues: queues.length ? queues : 'all' }, 'workers started');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      // e.g. a clicks worker holds the clicks of `link.clicked` deliveries not yet due: queued before the queue closes
      await stopWorkerModules(deps);
      await deps.close();
      process.exit(0);
    });
  }
  return deps;
}
