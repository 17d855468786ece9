import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { createCache } from '../../core/cache';
import type { Database } from '../../core/db';
import { createTestDatabase } from '../helpers/db';

/**
 * Every transaction of `openDatabase` runs the cache invalidations made inside it once it committed
 * (core/after-commit.ts), so no call site can drop a cache entry before its write is visible. The
 * reader here is the issue 37 one: it misses while the writer's transaction is open and reads the
 * row as it was (the loader answers that old row), then the writer commits.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const oldRow = async () => ({ target: 'old' });

test('an invalidation made inside a transaction runs after its commit: a reader that read the old row meanwhile keeps nothing', async () => {
  const cache = createCache({});
  cache.setLocal('k', { target: 'old' }, 60_000);
  let droppedInside: boolean | undefined;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await cache.invalidate('k');
    droppedInside = cache.peek('k') === undefined;
    // the concurrent reader: its miss reads the committed (old) row and caches it
    await cache.remember('k', 60_000, oldRow);
  });
  // nothing dropped before the commit (the reader's copy would have been kept)…
  expect(droppedInside).toBe(false);
  // …and all of it dropped before the transaction returned
  expect(cache.peek('k')).toBeUndefined();
});

test('a savepoint shares its transaction’s queue; a transaction opened inside another runs its own at its commit', async () => {
  const cache = createCache({});
  cache.setLocal('outer', 1, 60_000);
  cache.setLocal('own', 1, 60_000);
  await database.db.transaction(async (tx) => {
    await tx.transaction(async () => {
      await cache.invalidate('outer');
    });
    expect(cache.peek('outer')).toBe(1);
  });
  expect(cache.peek('outer')).toBeUndefined();

  if (database.kind === 'postgres') {
    // a second connection's transaction (embedded has one connection: it would wait for the outer one)
    await database.db.transaction(async () => {
      await database.db.transaction(async () => {
        await cache.invalidate('own');
      });
      expect(cache.peek('own')).toBeUndefined();
    });
  }
});

test('a transaction that failed still runs what it queued (its COMMIT may have been applied before the error)', async () => {
  const cache = createCache({});
  cache.setLocal('k', 1, 60_000);
  await expect(
    database.db.transaction(async () => {
      await cache.invalidate('k');
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(cache.peek('k')).toBeUndefined();
});

test('outside a transaction an invalidation is done when it returns', async () => {
  const cache = createCache({});
  cache.setLocal('k', 1, 60_000);
  await cache.invalidate('k');
  expect(cache.peek('k')).toBeUndefined();
});
