import { once } from 'node:events';
import { closeSync, constants, createReadStream, createWriteStream, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../core/db';
import { ApiError } from '../core/errors';
import { PLANS, ROLES } from '../core/plans';
import { checkRestoredModules } from './modules';
import * as schema from './schema';

/**
 * A logical backup: every table's rows from ONE snapshot (a repeatable-read, read-only
 * transaction), each row as PostgreSQL's own JSON of it (`to_jsonb`), read back by PostgreSQL
 * (`jsonb_populate_recordset`), so every type round-trips exactly without JavaScript touching the
 * values, and a backup of the embedded database restores into PostgreSQL and back.
 *
 * The file is gzip'd JSON lines: a header (format, migration level), then per table a line
 * `{"table", "rows"}` followed by its rows, then `{"end": true}`: a truncated file is recognised.
 */
export const BACKUP_FORMAT = 'linkhop-backup';
const BACKUP_VERSION = 1;
/** rows read per cursor fetch, and inserted per statement on restore */
const CHUNK = 1000;

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** migrations applied to the database, and the last one's hash: a restore needs the same */
  migrations: { count: number; last: string | null };
  tables: Record<string, number>;
}

type Progress = (table: string, rows: number, total: number) => void;

/** Every table of the schema barrel, parents before the tables that reference them (restore inserts in this order). */
export function backupTables(): { name: string; selfReferences: string[] }[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const byName = new Map(tables.map((table) => [getTableConfig(table).name, table]));
  const ordered: { name: string; selfReferences: string[] }[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    const config = getTableConfig(byName.get(name)!);
    const selfReferences: string[] = [];
    for (const fk of config.foreignKeys) {
      const { foreignTable, columns } = fk.reference();
      const parent = getTableConfig(foreignTable).name;
      if (parent === name) selfReferences.push(...columns.map((column) => column.name));
      else place(parent, [...path, name]);
    }
    placed.add(name);
    ordered.push({ name, selfReferences });
  };
  for (const name of [...byName.keys()].sort()) place(name, []);
  return ordered;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function migrationLevel(db: DbOrTx): Promise<Header['migrations']> {
  const rows = rowsOf<{ count: number; last: string | null }>(
    await db.execute(
      sql`select count(*)::int as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last from drizzle.__drizzle_migrations`,
    ),
  );
  return rows[0] ?? { count: 0, last: null };
}

/** Writes `line` and a newline, waiting while `out` is full. */
async function writeLine(out: Writable, line: string) {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}

/**
 * Writes the backup of `db` to `out` (a gzip stream's input) and ends it. One read-only transaction
 * at repeatable read: every table is read from the same snapshot while writes go on (PostgreSQL);
 * the embedded database, one connection, waits for it.
 */
export async function writeBackup(db: DbOrTx, out: Writable, progress: Progress = () => {}): Promise<Header['tables']> {
  const tables = backupTables();
  const counted: Header['tables'] = {};
  await db.transaction(
    async (tx) => {
      for (const { name } of tables) {
        const [row] = rowsOf<{ n: number }>(await tx.execute(sql.raw(`select count(*)::int as n from ${quoted(name)}`)));
        counted[name] = row!.n;
      }
      const header: Header = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created_at: new Date().toISOString(),
        migrations: await migrationLevel(tx),
        tables: counted,
      };
      await writeLine(out, JSON.stringify(header));
      for (const { name, selfReferences } of tables) {
        await writeLine(out, JSON.stringify({ table: name, rows: counted[name] }));
        // a row referencing its own table (a client workspace's agency) comes after the rows it references
        const order = selfReferences.length ? ` order by ${selfReferences.map((c) => `${quoted(c)} nulls first`).join(', ')}` : '';
        await tx.execute(sql.raw(`declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from ${quoted(name)} t${order}`));
        let written = 0;
        for (;;) {
          const rows = rowsOf<{ row: string }>(await tx.execute(sql.raw(`fetch ${CHUNK} from backup_rows`)));
          if (!rows.length) break;
          for (const { row } of rows) await writeLine(out, row);
          written += rows.length;
          progress(name, written, counted[name]!);
        }
        await tx.execute(sql.raw('close backup_rows'));
        if (written !== counted[name]) throw new Error(`table ${name}: read ${written} rows, counted ${counted[name]} in the same snapshot`);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  await writeLine(out, JSON.stringify({ end: true }));
  out.end();
  await once(out, 'finish');
  return counted;
}

/** Why a file cannot be restored: a message for the operator (the CLI exits non-zero with it). */
const refuse = (message: string) => new ApiError(400, message);

/**
 * Restores a backup (gzip'd, as `writeBackup` made it) into `db`, which must be migrated to the
 * backup's level and hold no rows: in one transaction, in foreign-key order, then the sequences
 * are moved past the restored ids. Anything wrong with the file rolls the whole restore back.
 */
export async function restoreBackup(db: DbOrTx, input: Readable, target: RestoreTarget, progress: Progress = () => {}): Promise<Header['tables']> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]();
  const next = async (): Promise<string | undefined> => {
    try {
      const { value, done } = await lines.next();
      return done ? undefined : value;
    } catch (error) {
      // the file's errors (reading, gzip) arrive here
      throw refuse(`the file is not a Linkhop backup or is damaged (${(error as Error).message})`);
    }
  };
  const parse = (line: string | undefined, what: string) => {
    if (line === undefined) throw refuse(`the backup ends early, before ${what}: the file is incomplete`);
    try {
      return JSON.parse(line);
    } catch {
      throw refuse(`the backup is damaged: ${what} is not JSON`);
    }
  };

  const header = parse(await next(), 'its header') as Header;
  if (header?.format !== BACKUP_FORMAT) throw refuse('the file is not a Linkhop backup (no linkhop-backup header)');
  if (header.version !== BACKUP_VERSION) throw refuse(`backup format version ${header.version} is not supported (this version reads ${BACKUP_VERSION})`);
  const here = await migrationLevel(db);
  if (header.migrations?.count !== here.count || header.migrations.last !== here.last) {
    throw refuse(
      `the backup was taken at database migration ${header.migrations?.count}, this version of Linkhop is at ${here.count}: ` +
        'restore it with the version that made it (then start the new version, which migrates), or back up again with this one',
    );
  }
  const tables = backupTables();
  for (const { name } of tables) {
    const [row] = rowsOf<{ found: boolean }>(await db.execute(sql.raw(`select exists (select from ${quoted(name)}) as found`)));
    if (row!.found) throw new ApiError(409, `the target is not empty (table ${name} has rows): restore only into an empty DATA_DIR or database`);
  }

  const known = new Set(tables.map((t) => t.name));
  const restored: Header['tables'] = {};
  await db.transaction(async (tx) => {
    for (;;) {
      const section = parse(await next(), 'the next table');
      if (section?.end === true) break;
      const name = section?.table;
      if (!known.has(name) || !Number.isSafeInteger(section.rows))
        throw refuse(`the backup is damaged: unexpected section ${JSON.stringify(section).slice(0, 80)}`);
      let count = 0;
      let chunk: string[] = [];
      const insert = async () => {
        try {
          await tx.execute(
            sql`insert into ${sql.raw(quoted(name))} select * from jsonb_populate_recordset(null::${sql.raw(quoted(name))}, ${`[${chunk.join(',')}]`}::jsonb)`,
          );
        } catch (error) {
          throw refuse(`the backup's rows ${count + 1}–${count + chunk.length} of table ${name} cannot be restored: ${(error as Error).message}`);
        }
        count += chunk.length;
        chunk = [];
        progress(name, count, section.rows);
      };
      while (count + chunk.length < section.rows) {
        // each row is checked by PostgreSQL as it reads it (an error names the rows)
        const row = await next();
        if (row === undefined) throw refuse(`the backup ends early, in table ${name}: the file is incomplete`);
        chunk.push(row);
        if (chunk.length === CHUNK) await insert();
      }
      if (chunk.length) await insert();
      restored[name] = count;
    }
    for (const [name, rows] of Object.entries(header.tables ?? {})) {
      if (restored[name] !== rows) throw refuse(`the backup is damaged: table ${name} should have ${rows} rows, it has ${restored[name] ?? 0}`);
    }
    await checkRestoredRows(tx, target);
    await resetSequences(tx);
  });
  return restored;
}

/** What a restore checks the rows against: this instance's default short domain, and whether the backup's operators are trusted. */
export interface RestoreTarget {
  defaultDomain: string;
  /** `--keep-operators`: users the backup marks as instance operators stay operators */
  keepOperators?: boolean;
}

/** A restored row the API would not have stored: the restore is refused, naming its table, row and field. */
const refuseRow = (table: string, id: unknown, field: string, why: string) =>
  refuse(`the backup cannot be restored: table ${table}, row ${JSON.stringify(id)}, field ${field}: ${why}`);

/**
 * The restored rows (read back from the target, as PostgreSQL typed them), checked as the API
 * checks what it stores: a file is data from outside (it may have been edited, or crafted), and a
 * restore bypasses the API. Plans and roles are among the known ones, each module's rows pass its
 * own checks (its descriptor's `checkRestored`: links meet the schema and rules of a link write),
 * and nobody becomes an instance operator from a file unless the operator restoring it says so.
 */
async function checkRestoredRows(tx: DbOrTx, target: RestoreTarget) {
  const outside = async (table: string, column: string, allowed: readonly string[]) => {
    const [row] = rowsOf<{ id: unknown; value: unknown }>(
      await tx.execute(
        sql.raw(
          `select ${table === 'memberships' ? "workspace_id || '/' || user_id" : 'id'} as id, ${quoted(column)} as value from ${quoted(table)} where ${quoted(column)} not in (${allowed.map((v) => `'${v}'`).join(', ')}) limit 1`,
        ),
      ),
    );
    if (row) throw refuseRow(table, row.id, column, `${JSON.stringify(row.value)} is not one of ${allowed.join(', ')}`);
  };
  await outside('workspaces', 'plan', PLANS);
  for (const table of ['memberships', 'api_keys', 'invites']) await outside(table, 'role', ROLES);

  if (!target.keepOperators) {
    const [operator] = rowsOf<{ id: string; email: string }>(await tx.execute(sql`select id, email from users where is_operator limit 1`));
    if (operator)
      throw refuseRow(
        'users',
        operator.id,
        'is_operator',
        `the backup makes ${operator.email} an instance operator; restore with --keep-operators if the file is your own unaltered backup`,
      );
  }

  // the rows of each module's tables, as its own writes check them (links: URLs, no loop to a short domain)
  const refused = await checkRestoredModules(tx, { defaultDomain: target.defaultDomain });
  if (refused) throw refuseRow(refused.table, refused.id, refused.field, refused.why);
}

/** Every serial column's sequence moved past the largest restored id, so the next insert does not collide. */
async function resetSequences(tx: DbOrTx) {
  const serials = rowsOf<{ table_name: string; column_name: string }>(
    await tx.execute(sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`),
  );
  for (const { table_name: table, column_name: column } of serials) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${quoted(table)}, ${column}), coalesce(max(${sql.raw(quoted(column))}), 0) + 1, false) from ${sql.raw(quoted(table))}`,
    );
  }
}

/**
 * Stores a backup stream in `file`: written beside it, flushed to the disk, then renamed, so `file`
 * is either a whole backup or absent. Answers the backup's header (tables and rows).
 * `file.partial` is created new (O_EXCL, mode 0600): a file already there (another backup writing
 * it, a stale one, or one planted by another user so that the backup lands in a file they own and
 * can read) is refused and left alone, never written into, followed if a link, nor removed.
 */
export async function saveBackup(file: string, backup: Readable): Promise<Pick<Header, 'created_at' | 'tables'>> {
  const partial = `${file}.partial`;
  let fd: number;
  try {
    fd = openSync(partial, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new ApiError(
      409,
      `${partial} already exists: another backup may be writing it, or an interrupted one left it. Nothing was written; remove it if no backup is running, then try again`,
    );
  }
  try {
    await pipeline(backup, createWriteStream(partial, { fd, autoClose: false }));
    fsyncSync(fd);
    closeSync(fd);
    fd = -1;
    renameSync(partial, file);
  } catch (error) {
    if (fd >= 0) closeSync(fd);
    rmSync(partial, { force: true });
    throw error;
  }
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  for await (const line of lines) {
    const { created_at, tables } = JSON.parse(line) as Header;
    lines.close();
    return { created_at, tables };
  }
  throw new Error(`${file} is empty`);
}
