import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { clickBatches, clickSalts, clickVisitors } from './schema';

/** Monthly partitions are made this many months ahead of the current one. */
const MONTHS_AHEAD = 2;
/** Visitor hashes and their salt are kept this long after their day (late batches of a PostgreSQL outage), then deleted. */
const VISITOR_DAYS = 2;
/** Stored batch ids are kept longer than a batch is retried (about a day): a re-delivery is still recognised. */
const BATCH_ID_DAYS = 3;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const partitionName = (start: Date) => `clicks_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The clicks table's monthly partitions from this month to MONTHS_AHEAD ahead. A click whose month has
 * no partition yet lands in `clicks_default` (never lost); when that month's partition is made here,
 * those rows move into it in the same transaction.
 */
export async function ensureClickPartitions(db: DbOrTx, now = new Date()): Promise<string[]> {
  const made: string[] = [];
  for (let i = 0; i <= MONTHS_AHEAD; i++) {
    const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + i);
    const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
    const name = partitionName(from);
    const exists = rowsOf<{ found: string | null }>(await db.execute(sql`select to_regclass(${name})::text as found`))[0]?.found;
    if (exists) continue;
    await db.transaction(async (tx) => {
      const range = sql`clicked_at >= ${from.toISOString()}::timestamptz and clicked_at < ${to.toISOString()}::timestamptz`;
      await tx.execute(sql`create temporary table clicks_moving (like clicks) on commit drop`);
      await tx.execute(sql`with moved as (delete from clicks_default where ${range} returning *) insert into clicks_moving select * from moved`);
      await tx.execute(sql.raw(`create table ${name} partition of clicks for values from ('${from.toISOString()}') to ('${to.toISOString()}')`));
      await tx.execute(sql`insert into clicks select * from clicks_moving`);
    });
    made.push(name);
  }
  return made;
}

/** CLICK_RETENTION_DAYS: drops every monthly partition wholly older than the cutoff (and such rows of the default one). Rollups stay. */
export async function dropExpiredClicks(db: DbOrTx, retentionDays: number, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const partitions = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'clicks'::regclass`),
  );
  const dropped: string[] = [];
  for (const { name } of partitions) {
    const month = /^clicks_(\d{4})_(\d{2})$/.exec(name);
    if (!month || monthStart(Number(month[1]), Number(month[2])) > cutoff) continue;
    await db.execute(sql.raw(`drop table ${name}`));
    dropped.push(name);
  }
  await db.execute(sql`delete from clicks_default where clicked_at < ${cutoff.toISOString()}::timestamptz`);
  return dropped;
}

/** Visitor hashes and salts past their days, and batch ids past any retry. */
export async function pruneClickBookkeeping(db: DbOrTx, now = new Date()): Promise<void> {
  const day = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  await db.execute(sql`delete from ${clickVisitors} where day < ${day(VISITOR_DAYS)}::date`);
  await db.execute(sql`delete from ${clickSalts} where day < ${day(VISITOR_DAYS)}::date`);
  await db.execute(sql`delete from ${clickBatches} where stored_at < ${new Date(now.getTime() - BATCH_ID_DAYS * 86_400_000).toISOString()}::timestamptz`);
}
