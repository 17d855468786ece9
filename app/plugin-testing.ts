import type { Deps } from '../core/deps';
import type { JobName } from '../core/queue';
import { scheduledJobs } from './modules';
import { PLUGIN_QUEUE, repeatingJobsOf } from './plugins';

/**
 * For a plugin's tests (docs/plugins.md, "Testing a plugin"): jobs run in the test's process, and
 * `settle` waits until the work is done, the same in both modes: the in-process queue of the
 * embedded default, and BullMQ when the app has Redis (this process then consumes every queue, the
 * plugins' among them, as `bun app/workers/main.ts` would).
 */
export interface PluginJobRunner {
  /** queue a plugin's job by its names (`'utm-enforcer', 'tally'`), as the plugin's `enqueue` would */
  enqueue(plugin: string, job: string, payload: unknown): Promise<void>;
  /**
   * run a repeating job now, once, as its schedule would (payload `{}`), and settle: a plugin's by its
   * full name (`plugins.<plugin>.<job>`), or a module's (`webhooks.prune`). Refused for a job that does not repeat.
   */
  runScheduledJob(name: string): Promise<void>;
  /** resolves once no event handler and no job is running or queued, including the events and jobs those set off */
  settle(): Promise<void>;
}

/** Call once per app, after its plugins were set up (`startTestApp({ plugins })` does that): `const jobs = await runPluginJobs(t.deps)`. */
export async function runPluginJobs(deps: Deps): Promise<PluginJobRunner> {
  // with BullMQ only worker processes consume: this process becomes one (in process, every job runs here already)
  if (deps.queue.kind === 'bullmq') await deps.queue.startWorkers();
  async function settle() {
    // an event may queue a job, whose run emits an event: until neither side has anything left
    do {
      await deps.bus.settle();
      await deps.queue.idle();
    } while (deps.bus.pendingEvents > 0);
  }
  return {
    enqueue: (plugin, job, payload) => deps.queue.enqueue(`${PLUGIN_QUEUE}.${plugin}.${job}` as JobName, payload as never),
    async runScheduledJob(name) {
      const repeating = [...repeatingJobsOf(deps), ...scheduledJobs(deps.config)];
      if (!repeating.includes(name)) throw new Error(`${name} is not a repeating job; these are: ${repeating.join(', ')}`);
      await deps.queue.enqueue(name as JobName, {} as never);
      await settle();
    },
    settle,
  };
}
