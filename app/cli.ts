import { createReadStream, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { bootstrap, mintApiKey, operatorSignInLink, setPlan } from '../modules/admin';
import { rebuildConversionRollups } from '../modules/conversions';
import { runMonitoringPass } from '../modules/monitoring';
import { setupLink } from '../modules/sessions';
import { getWorkspaceRow } from '../modules/workspaces';
import { restoreBackup, saveBackup, writeBackup } from './backup';
import { type Config, loadConfig } from '../core/config';
import { backupFromServer } from './control-socket';
import { openDatabase } from '../core/db';
import type { Deps } from '../core/deps';
import { createDeps } from './deps';
import { ApiError, notFound } from '../core/errors';
import { loadPlugins } from './plugins';

/**
 * Operator CLI: the same service functions as the operator API, printing the same JSON.
 * Works against DATABASE_URL, or against DATA_DIR while no server holds it (one that does is
 * refused with an error naming the server's process); `backup` also while a server holds it.
 */
const USAGE = `usage:
  bun run cli bootstrap --email E [--name N] [--workspace W] [--plan free|pro|team|agency]
  bun run cli plan <workspaceId> <plan>
  bun run cli login-link --email E
  bun run cli setup-link
  bun run cli api-key --email E --workspace <workspaceId> [--role owner|admin|editor|viewer]
  bun run cli monitor
  bun run cli rebuild-conversions <workspaceId>
  bun run cli backup --out FILE
  bun run cli restore --in FILE [--keep-operators]`;

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
    return operatorSignInLink(deps, values.email, null);
  },
  async 'setup-link'(deps) {
    const url = await setupLink(deps);
    if (!url) throw new ApiError(409, 'The instance is set up (it has users): sign in, or print a sign-in link with `bun run cli login-link --email E`');
    return { url };
  },
  async 'api-key'(deps, args) {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, workspace: { type: 'string' }, role: { type: 'string' } } });
    return mintApiKey(deps, { email: values.email ?? '', workspace: values.workspace ?? '', role: values.role });
  },
  async 'rebuild-conversions'(deps, [workspaceId]) {
    if (!workspaceId) throw new ApiError(400, USAGE);
    if (!(await getWorkspaceRow(deps.db, workspaceId))) throw notFound('Workspace');
    await rebuildConversionRollups(deps.db, workspaceId);
    return { rebuilt: workspaceId };
  },
  async monitor(deps) {
    // link.broken / link.recovered reach webhooks from here too (every module's handlers and jobs are wired
    // with the deps); on the embedded default the deliveries run before exit
    return runMonitoringPass(deps);
  },
};

/** Large tables report their progress on stderr (stdout carries the command's JSON). */
function progress(verb: string) {
  return (table: string, rows: number, total: number) => {
    if (total >= 100_000 && (rows % 100_000 === 0 || rows === total))
      console.error(`${verb} ${table}: ${rows.toLocaleString('en')} of ${total.toLocaleString('en')} rows`);
  };
}

/** The database as the server opens it (a pooler found at start is reported on stderr). */
const databaseOptions = (config: Config) => ({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  durability: config.embeddedDurability,
  pgbouncer: config.databasePgbouncer,
  log: { warn: (_fields: object, msg: string) => console.error(`warning: ${msg}`) },
});

/**
 * Commands on the database itself, without the modules. `backup` of an embedded database that a
 * server holds goes through that server's control socket (a consistent snapshot while it runs).
 */
export const DATABASE_COMMANDS: Record<string, (config: Config, args: string[]) => Promise<unknown>> = {
  async backup(config, args) {
    const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
    if (!values.out) throw new ApiError(400, USAGE);
    const fromServer = config.databaseUrl ? undefined : await backupFromServer(config.dataDir);
    if (fromServer) return { file: values.out, taken_by: 'the running server', ...(await saveBackup(values.out, fromServer)) };
    const database = await openDatabase(databaseOptions(config));
    try {
      const gzip = createGzip();
      const writing = writeBackup(database.db, gzip, progress('backup')).catch((error) => {
        gzip.destroy(error);
        throw error;
      });
      const [saved] = await Promise.all([saveBackup(values.out, gzip), writing]);
      return { file: values.out, taken_by: 'the cli', ...saved };
    } finally {
      await database.close();
    }
  },
  async restore(config, args) {
    const { values } = parseArgs({ args, options: { in: { type: 'string' }, 'keep-operators': { type: 'boolean' } } });
    if (!values.in) throw new ApiError(400, USAGE);
    if (!existsSync(values.in)) throw new ApiError(400, `no backup file at ${values.in}`);
    // migrates an empty target to this version's schema; a DATA_DIR held by a server is refused here
    const database = await openDatabase(databaseOptions(config));
    try {
      return {
        file: values.in,
        restored: await restoreBackup(
          database.db,
          createReadStream(values.in),
          { defaultDomain: config.defaultDomain, keepOperators: values['keep-operators'] },
          progress('restore'),
        ),
      };
    } finally {
      await database.close();
    }
  },
};

if (import.meta.main) {
  const [command, ...args] = process.argv.slice(2);
  const run = command ? COMMANDS[command] : undefined;
  const runOnDatabase = command ? DATABASE_COMMANDS[command] : undefined;
  if (!run && !runOnDatabase) {
    console.error(USAGE);
    process.exit(2);
  }
  let deps: Deps | undefined;
  let code = 0;
  try {
    const config = loadConfig(process.env, { logLevel: process.env.LOG_LEVEL ?? 'warn' });
    if (runOnDatabase) console.log(JSON.stringify(await runOnDatabase(config, args), null, 2));
    else {
      // a DATA_DIR held by a running server is refused here (DataDirInUse names it): nothing is written
      deps = await createDeps(config);
      // plugins see this process's events too (`monitor` emits link.broken); repeats are the server's and workers' to schedule
      await loadPlugins(deps, deps.config.plugins, { schedule: false });
      console.log(JSON.stringify(await run!(deps, args), null, 2));
    }
  } catch (error) {
    console.error(JSON.stringify({ error: (error as Error).message }));
    code = error instanceof ApiError && error.status < 500 ? 2 : 1;
  }
  await deps?.close();
  process.exit(code);
}
