import type { Deps } from '../core/deps';
import type { JobName } from '../core/queue';
import { PLUGIN_QUEUE } from './plugins';

/**
 * For a plugin's tests (docs/plugins.md, "Testing a plugin"): jobs run in the test's process, and
 * `settle` waits until the work is done, the same in both modes: the in-process queue of the
 * embedded default, and BullMQ when the app has Redis (this process then consumes every queue, the
 * plugins' among them, as `bun app/workers/main.ts` would).
 */
export interface PluginJobRunner {
  /** queue a plugin's job by its names (`'utm-enforcer', 'tally'`), as the plugin's `enqueue` would */
  enqueue(plugin: string, job: string, payload: unknown): Promise<void>;
  /** resolves once no event handler and no job is running or queued, including the events and jobs those set off */
  settle(): Promise<void>;
}

/** Call once per app, after its plugins were set up (`startTestApp({ plugins })` does that): `const jobs = await runPluginJobs(t.deps)`. */
export async function runPluginJobs(deps: Deps): Promise<PluginJobRunner> {
  // with BullMQ only worker processes consume: this process becomes one (in process, every job runs here already)
  if (deps.queue.kind === 'bullmq') await deps.queue.startWorkers();
  return {
    enqueue: (plugin, job, payload) => deps.queue.enqueue(`${PLUGIN_QUEUE}.${plugin}.${job}` as JobName, payload as never),
    async settle() {
      // an event may queue a job, whose run emits an event: until neither side has anything left
      do {
        await deps.bus.settle();
        await deps.queue.idle();
      } while (deps.bus.pendingEvents > 0);
    },
  };
}
