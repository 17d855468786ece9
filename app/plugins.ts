import { resolve } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Deps } from '../core/deps';
import type { JobName } from '../core/queue';
import type { JobOptions, JobProcessor, LinkhopPlugin, PluginContext, PluginJob, PluginRoute, Repeat } from './plugin-api';
import { pluginStore } from './plugin-store';
import { pluginServices } from './modules';

/** The queue of every plugin job (`bun run worker plugins`); a job's full name is `plugins.<plugin>.<job>`. */
export const PLUGIN_QUEUE = 'plugins';
const NAME = /^[a-z0-9][a-z0-9-]*$/;

/** A plugin that failed to load or to set up: start-up stops with this message (it names the plugin and its file). */
export class PluginLoadError extends Error {
  override name = 'PluginLoadError';
}

/** A plugin definition and where it came from (a `PLUGINS` path, or the test that passed it). */
export interface PluginSource {
  plugin: LinkhopPlugin;
  from: string;
}

export type AnyPluginRoute = PluginRoute<TSchema | undefined, TSchema | undefined, TSchema>;
export interface MountedRoute {
  plugin: string;
  route: AnyPluginRoute;
}

/** What the set-up plugins of a process contribute: their names and routes (hooks and jobs are registered on `deps`). */
export interface LoadedPlugins {
  names: string[];
  routes: MountedRoute[];
}
export const NO_PLUGINS: LoadedPlugins = { names: [], routes: [] };

/** Import `PLUGINS=./plugins/a.ts,./plugins/b.ts` (paths relative to the working directory). */
export async function importPlugins(paths: string[]): Promise<PluginSource[]> {
  const sources: PluginSource[] = [];
  for (const path of paths) {
    let mod: Record<string, unknown>;
    try {
      mod = await import(resolve(process.cwd(), path));
    } catch (error) {
      throw new PluginLoadError(`Plugin ${path} could not be loaded: ${(error as Error).message}`);
    }
    const plugin = (mod.default ?? mod.plugin) as LinkhopPlugin | undefined;
    if (!plugin || typeof plugin.setup !== 'function' || typeof plugin.name !== 'string') {
      throw new PluginLoadError(`Plugin ${path} does not export a plugin (export default definePlugin({ name, setup }))`);
    }
    sources.push({ plugin, from: path });
  }
  return sources;
}

/**
 * Runs each plugin's `setup` with its own facade. `schedule: false` (the CLI) registers jobs
 * without scheduling their repeats. The first failure stops here, naming the plugin and its file.
 */
export async function setupPlugins(deps: Deps, sources: PluginSource[], opts: { schedule: boolean }): Promise<LoadedPlugins> {
  // the modules' handlers came first, with the deps (app/deps.ts): a plugin's create meets the same checks as the API's
  const loaded: LoadedPlugins = { names: [], routes: [] };
  for (const { plugin, from } of sources) {
    const label = `Plugin "${plugin.name}" (${from})`;
    if (!NAME.test(plugin.name)) throw new PluginLoadError(`${label}: a name is lower case letters, digits and hyphens`);
    if (loaded.names.includes(plugin.name)) throw new PluginLoadError(`${label}: another plugin already has this name`);
    try {
      await plugin.setup(pluginContext(deps, plugin.name, loaded.routes, opts));
    } catch (error) {
      throw new PluginLoadError(`${label} failed in setup: ${(error as Error).message}`);
    }
    loaded.names.push(plugin.name);
    deps.log.info({ plugin: plugin.name, from }, 'plugin loaded');
  }
  return loaded;
}

/** `importPlugins` then `setupPlugins`: what every process runs on `PLUGINS`. */
export const loadPlugins = async (deps: Deps, paths: string[], opts: { schedule: boolean }) => setupPlugins(deps, await importPlugins(paths), opts);

/** The facade one plugin gets. Closures over `deps`: nothing reachable from it is the bus, the database or the queue. */
function pluginContext(deps: Deps, name: string, routes: MountedRoute[], opts: { schedule: boolean }): PluginContext {
  const source = `plugin:${name}`;
  const log = deps.log.child({ plugin: name });
  const jobs = new Set<string>();
  const subscribe = (event: string, handler: (payload: any) => unknown, order?: number) => {
    deps.bus.on(event as never, handler as never, { order, source });
  };

  /** `ctx.job(name, [payload schema,] processor, opts)`: registers the processor, schedules a repeat, returns the handle */
  function job(job: string, ...args: unknown[]): PluginJob<unknown> {
    const typed = typeof args[0] !== 'function';
    const schema = typed ? (args[0] as TSchema) : undefined;
    const [processor, o = {}] = (typed ? args.slice(1) : args) as [JobProcessor<unknown>, JobOptions?];
    if (!NAME.test(job)) throw new Error(`job name ${job}: lower case letters, digits and hyphens`);
    if (jobs.has(job)) throw new Error(`job ${job} is declared twice`);
    if (o.repeat && schema && !Value.Check(schema, {})) throw new Error(`job ${job} repeats, so its payload is {}: its schema must accept {}`);
    jobs.add(job);
    const full = `${PLUGIN_QUEUE}.${name}.${job}` as JobName;
    deps.queue.register(full, ((payload: unknown, meta: { attempt: number }) => processor(payload, { attempt: meta.attempt })) as never);
    if (o.repeat) repeatingJobsOf(deps).add(full);
    if (o.repeat && opts.schedule) scheduleRepeat(deps, full, o.repeat);
    return {
      name: full,
      async enqueue(payload, o) {
        const wrong = schema && Value.Errors(schema, payload).First();
        if (wrong) throw new Error(`job ${full}: the payload does not match its schema at ${wrong.path || '/'}: ${wrong.message}`);
        await deps.queue.enqueue(full, payload as never, o);
      },
    };
  }

  return {
    name,
    config: deps.config,
    log,
    on: (event, handler) => subscribe(event, handler),
    hook: (hook, handler, o) => subscribe(hook, handler, o?.order),
    hooks: { on: (event: string, handler: (payload: any) => unknown, o?: { order?: number }) => subscribe(event, handler, o?.order) },
    route(route) {
      if (!route.path.startsWith('/') || route.path.includes('..')) {
        throw new Error(`route path ${route.path} must start with / and stay inside /api/plugins/${name}`);
      }
      if (route.access !== true && !route.path.includes(':wsId')) throw new Error(`route ${route.path}: a role, plan or feature rule needs :wsId in the path`);
      if (route.body && (route.body as { example?: unknown }).example === undefined) {
        throw new Error(`route ${route.method} ${route.path}: give the body an example (withExample)`);
      }
      routes.push({ plugin: name, route: route as unknown as AnyPluginRoute });
    },
    job: job as PluginContext['job'],
    store: pluginStore(deps.db, name),
    services: pluginServices(deps, source),
  };
}

const repeatingJobs = new WeakMap<object, Set<string>>();
/** The plugins' repeating jobs of a process (scheduled or not: the CLI schedules none), by full name: what a test may run by hand. */
export function repeatingJobsOf(deps: Pick<Deps, 'bus'>): Set<string> {
  let jobs = repeatingJobs.get(deps.bus);
  if (!jobs) repeatingJobs.set(deps.bus, (jobs = new Set()));
  return jobs;
}

function scheduleRepeat(deps: Deps, job: JobName, repeat: Repeat) {
  const every = 'every' in repeat ? repeat.every : { pattern: repeat.pattern };
  deps.queue.schedule(job, every, {} as never).catch((err) => deps.log.warn({ err, job }, 'could not schedule a plugin job'));
}
