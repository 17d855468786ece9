import type { AnyElysia } from 'elysia';
import type { Config } from './config';
import type { Deps } from './deps';
import type { JobMap, JobName } from './queue';

/** A job whose payload is empty: what a schedule repeats. */
export type PayloadlessJob = { [N in JobName]: JobMap[N] extends Record<string, never> ? N : never }[JobName];

/** A repeating job the API server keeps scheduled (BullMQ keeps one schedule however many servers declare it). */
export interface Schedule {
  job: PayloadlessJob;
  everyMs: number;
}

/**
 * What one feature module brings to a process, read in one place (app/modules.ts) by every process:
 * the API server, each worker process and the CLI. Each part is optional; a module with routes
 * only gives `routes`.
 */
export interface LinkhopModule {
  /** the module's folder name: logs and errors name it */
  name: string;
  /** bus handlers (link checks, `link.beforeCreate`, redirect stages, reactions to events): every process, before plugins */
  hooks?(deps: Deps): void;
  /** queue job processors: every process (a worker consumes them; the embedded server and the CLI run them in process) */
  jobs?(deps: Deps): void;
  /** repeating jobs: the API server schedules them */
  schedules?(config: Config): Schedule[];
  /** HTTP routes: the API server mounts them, in the order of the module list */
  routes?(deps: Deps): AnyElysia;
  /** work the API server starts before its first request (e.g. replaying the click spool) */
  start?(deps: Deps): void;
  /** the API server's shutdown, once no request is in flight and before the queue and database close */
  stop?(deps: Deps): Promise<void>;
}
