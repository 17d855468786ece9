import { Glob } from 'bun';
import { dirname, join } from 'node:path';
import { loadConfigOrExit } from '../core/config';
import { surviveClosedSocketWrites } from '../core/db';
import { createDeps, type Deps } from '../core/deps';
import { registerModules } from '../core/modules';
import { loadPlugins } from '../core/plugins';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');

/**
 * Registers the job processors of every module (each `modules/<name>/jobs.ts` exports
 * `registerJobs(deps)`), so the worker process and the embedded in-process runner share them,
 * after the modules' bus handlers: what a job emits (link.broken) reaches the same subscribers
 * (webhooks) as in the server.
 */
export async function registerAllJobs(deps: Deps): Promise<void> {
  registerModules(deps);
  for await (const file of new Glob('modules/*/jobs.ts').scan({ cwd: ROOT })) {
    const mod = await import(join(ROOT, file));
    await mod.registerJobs?.(deps);
  }
}

/** A worker process: BullMQ consumers for the given queues (all when none given, `plugins` among them when PLUGINS declare jobs). */
export async function runWorkers(queues: string[]) {
  const config = loadConfigOrExit();
  if (!config.redisUrl) {
    console.error('Workers need REDIS_URL: without it the server runs every job in process (embedded default).');
    process.exit(2);
  }
  const deps = await createDeps(config);
  surviveClosedSocketWrites((err) => deps.log.warn({ err }, 'write to a closed PostgreSQL connection ignored'));
  await registerAllJobs(deps);
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
      await deps.close();
      process.exit(0);
    });
  }
  return deps;
}
