import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { links } from './schema';

/*
 * The click worker's writes to links' `click_count` (the clicks module takes these over).
 */

/**
 * Adds recorded clicks to the links' totals in one statement (the click worker, inside its
 * transaction, after lockExistingLinks) and answers each link's new total.
 */
export async function addClickCounts(db: DbOrTx, counts: Map<string, number>): Promise<Map<string, number>> {
  if (!counts.size) return new Map();
  const rows = JSON.stringify([...counts].map(([id, n]) => ({ id, n })));
  const updated = await db.execute<{ id: string; click_count: number }>(
    sql`update ${links} set click_count = ${links}.click_count + c.n from jsonb_to_recordset(${rows}::jsonb) as c(id text, n int) where ${links}.id = c.id returning ${links}.id, ${links}.click_count`,
  );
  return new Map(rowsOf<{ id: string; click_count: number | string }>(updated).map((r) => [r.id, Number(r.click_count)]));
}

/**
 * Which of these links still exist, locked for a `click_count` update until the transaction ends.
 * Rows are locked in id order, so click batches sharing links queue up instead of deadlocking.
 */
export async function lockExistingLinks(tx: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  // one JSON parameter, not one bind parameter per id: a batch of 5,000 links at random cost the worker more in the query builder than PostgreSQL spent
  const rows = await tx.execute<{ id: string }>(
    sql`select id from ${links} where id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))) order by id for no key update`,
  );
  return new Set(rowsOf<{ id: string }>(rows).map((r) => r.id));
}
