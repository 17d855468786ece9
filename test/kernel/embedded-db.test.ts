import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../../core/db';
import { isUnavailable, isUniqueViolation } from '../../core/errors';
import { PgliteProxyClient, PgliteWorker } from '../../core/pglite-proxy';

/**
 * The embedded default's database layer itself: PGlite in its worker thread, reached through the
 * proxy that drizzle drives. Embedded in both test modes: this is the layer `npm start` uses
 * without DATABASE_URL.
 */
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ memory: true, migrate: false });
  await database.db.execute(sql`create table proxy_log (id serial primary key, who text not null, step int not null)`);
  await database.db.execute(sql`create table proxy_unique (name text primary key)`);
}, 60_000);
afterAll(() => database.close());

const log = async (db: Pick<Database['db'], 'execute'>, who: string, step: number) =>
  void (await db.execute(sql`insert into proxy_log (who, step) values (${who}, ${step})`));
const logged = async () => rowsOf<{ who: string; step: number }>(await database.db.execute(sql`select who, step from proxy_log order by id`));

describe('the embedded database proxy', () => {
  test('a transaction that throws rolls back; one that returns commits and hands back its value', async () => {
    await database.db.execute(sql`truncate proxy_log`);
    const failure = database.db.transaction(async (tx) => {
      await log(tx, 'rolled back', 1);
      throw new Error('boom');
    });
    expect(await failure.catch((e) => e.message)).toBe('boom');
    const committed = await database.db.transaction(async (tx) => {
      await log(tx, 'committed', 1);
      return 'value';
    });
    expect(committed).toBe('value');
    expect(await logged()).toEqual([{ who: 'committed', step: 1 }]);
  });

  test('a nested transaction (savepoint) that throws undoes only its own writes', async () => {
    await database.db.execute(sql`truncate proxy_log`);
    await database.db.transaction(async (tx) => {
      await log(tx, 'outer', 1);
      await tx
        .transaction(async (inner) => {
          await log(inner, 'inner', 1);
          throw new Error('inner fails');
        })
        .catch(() => {});
      await log(tx, 'outer', 2);
    });
    expect(await logged()).toEqual([
      { who: 'outer', step: 1 },
      { who: 'outer', step: 2 },
    ]);
  });

  test('concurrent transactions and plain queries never interleave: each transaction runs whole', async () => {
    await database.db.execute(sql`truncate proxy_log`);
    const transaction = (who: string) =>
      database.db.transaction(async (tx) => {
        for (let step = 1; step <= 3; step++) {
          await log(tx, who, step);
          await Bun.sleep(5); // the request thread yields between statements
        }
      });
    await Promise.all([transaction('a'), transaction('b'), log(database.db, 'plain', 1), transaction('c')]);
    const rows = await logged();
    expect(rows).toHaveLength(10);
    for (const who of ['a', 'b', 'c']) {
      const at = rows.findIndex((r) => r.who === who);
      expect(rows.slice(at, at + 3)).toEqual([1, 2, 3].map((step) => ({ who, step })));
    }
  });

  test('a unique violation arrives as from PostgreSQL: code 23505 on the cause, constraint named', async () => {
    await database.db.execute(sql`insert into proxy_unique values ('taken')`);
    const error: any = await database.db.execute(sql`insert into proxy_unique values ('taken')`).catch((e) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(error.cause.code).toBe('23505');
    expect(error.cause.constraint).toBe('proxy_unique_pkey');
    // the failed statement left no transaction open: the next one runs
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from proxy_unique`))).toEqual([{ n: 1 }]);
  });

  test('a transaction failing on a unique violation rolls back its earlier writes', async () => {
    await database.db.execute(sql`truncate proxy_log`);
    const error = await database.db
      .transaction(async (tx) => {
        await log(tx, 'before the violation', 1);
        await tx.execute(sql`insert into proxy_unique values ('taken')`);
      })
      .catch((e) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(await logged()).toEqual([]);
  });

  test('values cross the thread as drizzle expects them: timestamps, arrays, json, bigint, returning', async () => {
    const [row] = rowsOf<any>(
      await database.db.execute(
        sql`select '2026-01-02T03:04:05Z'::timestamptz as at, array['a','b'] as tags, '{"k":[1]}'::jsonb as doc, 9007199254740993::bigint as big`,
      ),
    );
    expect(row.at).toBe('2026-01-02 03:04:05+00');
    expect(row.tags).toEqual(['a', 'b']);
    expect(row.doc).toEqual({ k: [1] });
    expect(String(row.big)).toBe('9007199254740993');
    const returned = rowsOf(await database.db.execute(sql`insert into proxy_unique values ('new') returning name`));
    expect(returned).toEqual([{ name: 'new' }]);
  });

  test('a clone is a copy in the same thread, independent of its source', async () => {
    const clone = await database.clone!();
    try {
      await clone.db.execute(sql`insert into proxy_unique values ('only in the clone')`);
      const names = async (db: Database) => rowsOf<{ name: string }>(await db.db.execute(sql`select name from proxy_unique order by name`)).map((r) => r.name);
      expect(await names(clone)).toContain('only in the clone');
      expect(await names(database)).not.toContain('only in the clone');
    } finally {
      await clone.close();
    }
  });
});

describe('a lost worker thread', () => {
  test('queries in flight and later ones fail as unavailable (503), never hang', async () => {
    const thread = new PgliteWorker();
    const client = new PgliteProxyClient(thread, await thread.open({}));
    let lost: Error | undefined;
    thread.onStopped((error) => (lost = error));
    await client.query('create table t (n int)');
    const inFlight = client.query('insert into t select generate_series(1, 2000000)');
    const tx = client.transaction(async (t) => t.query('select 1'));
    await Bun.sleep(20);
    // the thread exits under it, as it would when PGlite aborts (not through the proxy's own close)
    (thread as unknown as { worker: Worker }).worker.terminate();
    const started = Date.now();
    const failures = await Promise.all(
      [inFlight, tx].map((p) =>
        p.then(
          () => undefined,
          (e) => e,
        ),
      ),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const failure of failures) expect(isUnavailable(failure)).toBe(true);
    expect(isUnavailable(await client.query('select 1').catch((e) => e))).toBe(true);
    expect(lost?.message).toContain('embedded database worker stopped');
  }, 30_000);
});
