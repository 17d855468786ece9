import { parseArgs } from 'node:util';
import { bootstrap, mintApiKey, setPlan } from '../modules/admin';
import { runMonitoringPass } from '../modules/monitoring';
import { signInUrlFor } from '../modules/sessions';
import { registerJobs as registerWebhookJobs } from '../modules/webhooks';
import { loadConfig } from './config';
import { createDeps, type Deps } from './deps';
import { registerModules } from './modules';
import { ApiError } from './errors';
import { loadPlugins } from './plugins';

/**
 * Operator CLI: the same service functions as the operator API, printing the same JSON.
 * Works against DATABASE_URL, or against DATA_DIR while no server holds it (one that does is
 * refused with an error naming the server's process).
 */
const USAGE = `usage:
  bun run cli bootstrap --email E [--name N] [--workspace W] [--plan free|pro|team|agency]
  bun run cli plan <workspaceId> <plan>
  bun run cli login-link --email E
  bun run cli api-key --email E --workspace <workspaceId> [--role owner|admin|editor|viewer]
  bun run cli monitor`;

type Command = (deps: Deps, args: string[]) => Promise<unknown>;

export const COMMANDS: Record<string, Command> = {
  async bootstrap(deps, args) {
    const { values } = parseArgs({
      args,
      options: { email: { type: 'string' }, name: { type: 'string' }, workspace: { type: 'string' }, plan: { type: 'string' } },
    });
    return bootstrap(deps, { email: values.email ?? '', name: values.name, workspace: values.workspace, plan: values.plan });
  },
  async plan(deps, [workspaceId, plan]) {
    if (!workspaceId || !plan) throw new ApiError(400, USAGE);
    return setPlan(deps, workspaceId, plan);
  },
  async 'login-link'(deps, args) {
    const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
    if (!values.email) throw new ApiError(400, USAGE);
    return signInUrlFor(deps, values.email);
  },
  async 'api-key'(deps, args) {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, workspace: { type: 'string' }, role: { type: 'string' } } });
    return mintApiKey(deps, { email: values.email ?? '', workspace: values.workspace ?? '', role: values.role });
  },
  async monitor(deps) {
    // link.broken / link.recovered reach webhooks from here too (the modules' handlers are registered before any
    // command runs); on the embedded default the deliveries run before exit
    registerWebhookJobs(deps);
    return runMonitoringPass(deps);
  },
};

if (import.meta.main) {
  const [command, ...args] = process.argv.slice(2);
  const run = command ? COMMANDS[command] : undefined;
  if (!run) {
    console.error(USAGE);
    process.exit(2);
  }
  let deps: Deps | undefined;
  let code = 0;
  try {
    // a DATA_DIR held by a running server is refused here (DataDirInUse names it): nothing is written
    deps = await createDeps(loadConfig(process.env, { logLevel: process.env.LOG_LEVEL ?? 'warn' }));
    registerModules(deps);
    // plugins see this process's events too (`monitor` emits link.broken); repeats are the server's and workers' to schedule
    await loadPlugins(deps, deps.config.plugins, { schedule: false });
    console.log(JSON.stringify(await run(deps, args), null, 2));
  } catch (error) {
    console.error(JSON.stringify({ error: (error as Error).message }));
    code = error instanceof ApiError && error.status < 500 ? 2 : 1;
  }
  await deps?.close();
  process.exit(code);
}
