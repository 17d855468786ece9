import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { addClickCounts, lockExistingLinks } from '../links/service';
import { BATCH_MAX, ClickBatchBuilder, EMBEDDED_BATCH_MAX, type Click } from './batch';
import type { ClickRecord } from './hooks';
import { clicks } from './schema';
import './hooks';

export type { ClickRecord } from './hooks';

const FLUSH_EVERY_MS = 100;
/** a batch is retried (10 s apart once the backoff is capped) through a day-long PostgreSQL outage, not lost after minutes */
const BATCH_ATTEMPTS = 8_640;

/**
 * Visits are appended to an in-memory batch (no await on the redirect path) and handed to the
 * `clicks.record` job every 100 ms or BATCH_MAX (10,000) clicks, EMBEDDED_BATCH_MAX (500) with the
 * in-process queue. While Redis is unreachable the queue keeps the batches in memory and re-sends
 * them when it answers again.
 */
export class ClickRecorder {
  private batch = new ClickBatchBuilder();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = new Set<Promise<void>>();
  readonly batchMax: number;

  constructor(private readonly deps: Pick<Deps, 'queue' | 'log'>) {
    this.batchMax = deps.queue.kind === 'memory' ? EMBEDDED_BATCH_MAX : BATCH_MAX;
  }

  record(click: Click): void {
    this.batch.add(click);
    if (this.batch.size >= this.batchMax) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_EVERY_MS);
  }

  /** hand the current batch to the queue now */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.batch.size) return Promise.all(this.sending).then(() => {});
    const batch = this.batch.build();
    this.batch = new ClickBatchBuilder();
    const sent = this.deps.queue
      .enqueue('clicks.record', batch, { jobId: `clicks-${batch.id}`, attempts: BATCH_ATTEMPTS })
      .catch((err) => this.deps.log.error({ err, clicks: batch.at.length }, 'click batch not queued'))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
    return sent;
  }
}

const recorders = new WeakMap<object, ClickRecorder>();

/** The recorder of this process (one per Deps). */
export function clickRecorder(deps: Pick<Deps, 'queue' | 'log'>): ClickRecorder {
  let recorder = recorders.get(deps);
  if (!recorder) recorders.set(deps, (recorder = new ClickRecorder(deps)));
  return recorder;
}

/** Tests and shutdown: queue what is buffered and wait until the queue (in this process) has stored it. */
export async function flushClicks(deps: Pick<Deps, 'queue' | 'log'>): Promise<void> {
  await clickRecorder(deps).flush();
  await deps.queue.idle();
}

/**
 * The `clicks.record` processor: inserts the batch (a click already stored is skipped by its id)
 * and adds to each link's `click_count` only the rows inserted now, in one transaction, so a
 * re-delivered job neither duplicates nor double-counts. Clicks of links deleted meanwhile are dropped.
 */
export async function storeClicks(db: DbOrTx, batch: ClickRecord[]): Promise<ClickRecord[]> {
  if (!batch.length) return [];
  return db.transaction(async (tx) => {
    const alive = await lockExistingLinks(tx, [...new Set(batch.map((c) => c.link_id))]);
    const rows = batch.filter((c) => alive.has(c.link_id));
    if (!rows.length) return [];
    // the batch travels as one JSON parameter: Postgres unpacks it (cheaper than 12 parameters a row)
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into ${clicks} (id, link_id, workspace_id, domain, slug, clicked_at, country, referer, browser, os, device, language)
      select id, link_id, workspace_id, domain, slug, to_timestamp(clicked_at / 1000.0), country, referer, browser, os, device, language
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, link_id text, workspace_id text, domain text, slug text, clicked_at double precision,
        country text, referer text, browser text, os text, device text, language text)
      on conflict (id) do nothing
      returning id`);
    const fresh = new Set(rowsOf<{ id: string }>(inserted).map((r) => r.id));
    const stored = rows.filter((c) => fresh.has(c.id));
    const counts = new Map<string, number>();
    for (const c of stored) counts.set(c.link_id, (counts.get(c.link_id) ?? 0) + 1);
    await addClickCounts(tx, counts);
    return stored;
  });
}

export async function countClicks(db: DbOrTx, linkIds: string[]): Promise<number> {
  if (!linkIds.length) return 0;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clicks).where(inArray(clicks.linkId, linkIds));
  return row?.n ?? 0;
}
