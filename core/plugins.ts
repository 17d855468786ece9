import { resolve } from 'node:path';
import type { Config } from './config';
import type { HookBus } from './hooks';
import type { Logger } from './logger';

/** What an extension plugin receives: subscribe to events and hooks, read config, log. */
export interface PluginContext {
  hooks: HookBus;
  config: Config;
  log: Logger;
}

export interface LinkhopPlugin {
  name: string;
  setup(ctx: PluginContext): void | Promise<void>;
}

/** Identity helper that gives plugin authors types: `export default definePlugin({ name, setup })`. */
export const definePlugin = (plugin: LinkhopPlugin): LinkhopPlugin => plugin;

/** Load `PLUGINS=./plugins/a.ts,./plugins/b.ts` (paths relative to the working directory). */
export async function loadPlugins(paths: string[], ctx: PluginContext): Promise<string[]> {
  const loaded: string[] = [];
  for (const path of paths) {
    const mod = await import(resolve(process.cwd(), path));
    const plugin: LinkhopPlugin | undefined = mod.default ?? mod.plugin;
    if (!plugin || typeof plugin.setup !== 'function') throw new Error(`${path} does not export a plugin (export default definePlugin({ name, setup }))`);
    await plugin.setup({ ...ctx, log: ctx.log.child({ plugin: plugin.name }) });
    loaded.push(plugin.name);
  }
  return loaded;
}
