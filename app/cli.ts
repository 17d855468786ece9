import { createReadStream, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { restoreBackup, saveBackup, writeBackup } from './backup';
import { type Config, loadConfig } from '../core/config';
import { backupFromServer } from './control-socket';
import { openDatabase } from '../core/db';
import type { Deps } from '../core/deps';
import { createDeps } from './deps';
import { ApiError } from '../core/errors';
import { type CliCommand, wrongUsage } from '../core/module';
import { MODULE_COMMANDS } from './modules';
import { loadPlugins } from './plugins';

/**
 * Operator CLI: the same service functions as the operator API, printing the same JSON.
 * Works against DATABASE_URL, or against DATA_DIR while no server holds it (one that does is
 * refused with an error naming the server's process); `backup` also while a server holds it.
 * The modules declare their commands (their descriptors' `commands`); backup and restore are the app's.
 */
export const COMMANDS: Readonly<Record<string, CliCommand>> = MODULE_COMMANDS;

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

/** A command on the database itself (no deps, no modules). */
interface DatabaseCommand {
  usage: string;
  run(config: Config, args: string[]): Promise<unknown>;
}

/**
 * Commands on the database itself, without the modules. `backup` of an embedded database that a
 * server holds goes through that server's control socket (a consistent snapshot while it runs).
 */
export const DATABASE_COMMANDS: Record<string, DatabaseCommand> = {
  backup: {
    usage: 'backup --out FILE',
    async run(config, args) {
      const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
      if (!values.out) throw wrongUsage(this.usage);
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
  },
  restore: {
    usage: 'restore --in FILE [--keep-operators]',
    async run(config, args) {
      const { values } = parseArgs({ args, options: { in: { type: 'string' }, 'keep-operators': { type: 'boolean' } } });
      if (!values.in) throw wrongUsage(this.usage);
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
  },
};

/** Every command's usage line: what an unknown command or a wrong call prints. */
const USAGE = ['usage:', ...[...Object.values(COMMANDS), ...Object.values(DATABASE_COMMANDS)].map((c) => `  bun run cli ${c.usage}`)].join('\n');

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
    if (runOnDatabase) console.log(JSON.stringify(await runOnDatabase.run(config, args), null, 2));
    else {
      // a DATA_DIR held by a running server is refused here (DataDirInUse names it): nothing is written
      deps = await createDeps(config);
      // plugins see this process's events too (`monitor` emits link.broken); repeats are the server's and workers' to schedule
      await loadPlugins(deps, deps.config.plugins, { schedule: false });
      console.log(JSON.stringify(await run!.run(deps, args), null, 2));
    }
  } catch (error) {
    console.error(JSON.stringify({ error: (error as Error).message }));
    code = error instanceof ApiError && error.status < 500 ? 2 : 1;
  }
  await deps?.close();
  process.exit(code);
}
