import postgres from 'postgres';
import { openDatabase, type Database } from '../../core/db';

/** Real services when CI provides them, else the embedded default. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

let template: Promise<Database> | undefined;

/**
 * One migrated in-memory embedded database per process, cloned per test file (migrating costs
 * seconds). It lives in the embedded database's worker thread, as `npm start`'s does.
 */
async function pgliteTemplate(): Promise<Database> {
  template ??= openDatabase({ memory: true });
  return template;
}

/** A database of its own for one test file: a fresh PostgreSQL database, or a PGlite clone. `migrate: false` (PostgreSQL): left empty. */
export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<Database & { url?: string }> {
  if (TEST_DATABASE_URL) {
    const name = `lh_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 5, migrate: opts.migrate });
    return {
      ...database,
      url: url.toString(),
      async close() {
        await database.close();
        const dropper = postgres(TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
        await dropper.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
        await dropper.end();
      },
    };
  }
  return (await pgliteTemplate()).clone!();
}
