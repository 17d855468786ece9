import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER, NotCommittedError, openDatabase, rowsOf, type Database } from '../../core/db';
import { isRetryable } from '../../core/errors';
import { tags } from '../../modules/tags/schema';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/db';
import { PGBOUNCER_BIN, startPgBouncer } from '../helpers/pgbouncer';

/**
 * "Acknowledged means stored": a transaction that resolves was committed. PostgreSQL answers
 * COMMIT in a transaction that a failed statement aborted with ROLLBACK and no error, and
 * postgres.js ignores that answer: with named statements core/db checks the transaction's status.
 */
let database: Database & { url?: string };
let workspaceId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  workspaceId = crypto.randomUUID();
  await database.db.execute(sql`insert into workspaces (id, name, slug, plan) values (${workspaceId}, 'acks', ${`acks-${workspaceId}`}, 'free')`);
});
afterAll(() => database?.close());

const storedTag = async (name: string) => (await database.db.select().from(tags).where(eq(tags.name, name))).length;

test.skipIf(!TEST_DATABASE_URL)(
  'postgres.js re-sends its COMMIT after "prepared statement does not exist": the transaction rejects (503), it never resolves unstored',
  async () => {
    // one connection with named statements (the URL's ?prepare=false dropped), so the second
    // transaction's COMMIT is the statement the first prepared; DEALLOCATE ALL inside the second
    // makes its Bind fail (26000), which aborts the transaction before postgres.js re-sends it
    const url = new URL(database.url!);
    url.searchParams.delete('prepare');
    const named = await openDatabase({ url: url.toString(), poolSize: 1, migrate: false, pgbouncer: false });
    try {
      await named.db.transaction(async (tx) => void (await tx.insert(tags).values({ workspaceId, name: `first-${crypto.randomUUID().slice(0, 8)}` })));
      const name = `resent-${crypto.randomUUID().slice(0, 8)}`;
      const outcome = await named.db
        .transaction(async (tx) => {
          await tx.insert(tags).values({ workspaceId, name });
          await tx.execute(sql.raw('deallocate all'));
          return 'acknowledged';
        })
        .catch((error: unknown) => error);
      // through a transaction pooler the start found (CI), statements are not named: then it commits
      const stored = await storedTag(name);
      if (outcome === 'acknowledged') expect(stored).toBe(1);
      else {
        expect(stored).toBe(0);
        expect(outcome).toBeInstanceOf(NotCommittedError);
        expect(isRetryable(outcome)).toBe(true);
      }
    } finally {
      await named.close();
    }
  },
);

/**
 * An API and a worker started together on an empty database both migrated: one crashed on a
 * duplicate key (23505) creating the same table. Migrators take a transaction-level advisory lock
 * (through PgBouncer in transaction mode too, where a session lock would be unsafe).
 */
test.skipIf(!TEST_DATABASE_URL)(
  '6 migrators at once on an empty database (directly and through PgBouncer): none fails, the schema is whole',
  async () => {
    for (const through of ['direct', ...(PGBOUNCER_BIN ? ['pgbouncer'] : [])]) {
      const empty = await createTestDatabase({ migrate: false });
      const bouncer = through === 'pgbouncer' ? await startPgBouncer(empty.url!, 3) : undefined;
      try {
        const url = bouncer ? bouncer.through(empty.url!) : empty.url!;
        const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openDatabase({ url, poolSize: 2, pgbouncer: Boolean(bouncer) })));
        const failures = opened.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
        await Promise.all(opened.map((o) => (o.status === 'fulfilled' ? o.value.close() : undefined)));
        expect({ through, failures }).toEqual({ through, failures: [] });
        const [applied] = rowsOf<{ n: number }>(await empty.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
        expect(applied?.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);
        const [tables] = rowsOf<{ n: number }>(
          await empty.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tablename in ('links', 'audit_log', 'api_keys')`),
        );
        expect(tables?.n).toBe(3);
      } finally {
        await bouncer?.stop();
        await empty.close();
      }
    }
  },
  120_000,
);
