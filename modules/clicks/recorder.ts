import { join } from 'node:path';
import type { Deps } from '../../core/deps';
import { metrics } from '../../core/metrics';
import { BATCH_MAX, ClickBatchBuilder, clickId, EMBEDDED_BATCH_MAX, type Click } from './batch';
import type { BotVisits, ClickBatch } from './batch';
import { ClickSpool } from './spool';

const FLUSH_EVERY_MS = 100;
/** a batch is retried (10 s apart once the backoff is capped) through a day-long PostgreSQL outage, not lost after minutes */
const BATCH_ATTEMPTS = 8_640;
/**
 * Clicks handed to the queue and not confirmed yet, at most; the batches beyond wait in the spool
 * only (on disk) and are read back as these are confirmed. Embedded: 20 batches, two and a half
 * storing transactions' worth (jobs.ts); production: ten full batches on their way to Redis.
 */
const BACKLOG_MAX = 10 * BATCH_MAX;
const EMBEDDED_BACKLOG_MAX = 20 * EMBEDDED_BATCH_MAX;
/** while batches cannot be handed over (Redis down), the oldest is tried again this often */
const RETRY_EVERY_MS = 1000;
/** files of stopped processes sharing the spool are looked for this often (besides at start) */
const CLAIM_EVERY_MS = 60_000;
/** on shutdown, batches on their way are waited for this long (the rest stays in the spool) */
const CLOSE_WAIT_MS = 5000;
/** one repeated trouble is logged at most this often */
const LOG_EVERY_MS = 10_000;
/** a spent spool reserve is written back this much per CLAIM_EVERY_MS (~40 ms of the event loop), once the disk has room */
const RESERVE_TOP_UP_BYTES = 16 << 20;

interface Waiting {
  id: string;
  clicks: number;
  /** the batch, when the spool could not take it: held in memory */
  batch?: ClickBatch;
  /** how many of its clicks are in memory only: those after the spool refused a write (the others are in its file) */
  memoryOnly: number;
}

const MB = 1 << 20;

type RecorderDeps = Pick<Deps, 'queue' | 'log' | 'config'>;

/**
 * Visits are appended to an in-memory batch (no await on the redirect path) and handed to the
 * `clicks.record` job every 100 ms or BATCH_MAX (10,000) clicks, EMBEDDED_BATCH_MAX (500) with the
 * in-process queue.
 *
 * Every click is also in the click spool (./spool.ts) before its visitor is answered: the clicks of
 * one event-loop turn are appended with one write, and the turn's answers wait for it (a write(2) is
 * in the kernel: it survives `kill -9`). A batch leaves the spool once it is safe elsewhere: stored
 * (embedded) or in Redis (production). Until then it is kept there: while Redis does not answer,
 * beyond BACKLOG_MAX clicks in memory, and across a crash or a shutdown, when the next start (or a
 * process sharing DATA_DIR) replays it with its own id, so that it is stored once.
 *
 * The spool takes its room at start (CLICK_SPOOL_RESERVE_MB, ./spool.ts), so that a full disk does
 * not stop it until the reserve is spent. Beyond that, batches the spool refused are held in memory:
 * at most BACKLOG_MAX clicks of them wait there (on top of the BACKLOG_MAX on their way); a batch
 * beyond is dropped and counted (`linkhop_clicks_dropped_total{reason="memory_full"}`, and a log line
 * at most every 10 s). The visitors are answered all the same.
 */
export class ClickRecorder {
  private batch = new ClickBatchBuilder();
  /** the current batch is not whole in the spool (it could not be written): it is held in memory */
  private batchInMemory = true;
  /** clicks of the current batch in memory only */
  private batchMemoryOnly = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** resolves once this turn's clicks are in the spool */
  private turn: Promise<void> | undefined;
  private endTurn = () => {};
  readonly batchMax: number;
  private readonly backlogMax: number;
  private readonly spool: ClickSpool;
  private spoolOpen = false;
  /** clicks handed over and not confirmed yet */
  private inFlight = 0;
  private readonly sending = new Set<Promise<void>>();
  /** batches that wait in the spool, oldest first */
  private readonly waiting: Waiting[] = [];
  /** clicks of the waiting batches held in memory (`Waiting.batch`) */
  private heldInMemory = 0;
  /** clicks dropped since the last log line about it */
  private droppedUnlogged = 0;
  /** a hand-over failed: new batches wait in the spool, the oldest is tried every RETRY_EVERY_MS */
  private unavailable = false;
  private backlogged = false;
  private closing = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private claimTimer: ReturnType<typeof setInterval> | undefined;
  private readonly logged = new Map<string, number>();
  /** bot visits since the last flush, per link: [workspace id, visits] */
  private bots = new Map<string, [string, number]>();

  constructor(private readonly deps: RecorderDeps) {
    const embedded = deps.queue.kind === 'memory';
    this.batchMax = embedded ? EMBEDDED_BATCH_MAX : BATCH_MAX;
    this.backlogMax = embedded ? EMBEDDED_BACKLOG_MAX : BACKLOG_MAX;
    this.spool = new ClickSpool(join(deps.config.dataDir, 'spool'), deps.config.clickSpoolReserveMb * MB);
  }

  /** Opens the spool and replays what stopped processes left in it (then looks again every minute). */
  start(): void {
    try {
      this.spool.open();
    } catch (err) {
      this.deps.log.error({ err, dir: this.spool.dir }, 'click spool cannot be opened: clicks are held in memory only until stored');
      return;
    }
    this.spoolOpen = true;
    this.batchInMemory = false;
    this.noteReserve();
    this.claim();
    this.claimTimer = setInterval(() => {
      this.claim();
      this.topUpReserve();
    }, CLAIM_EVERY_MS);
    this.claimTimer.unref?.();
  }

  /** The reserve as it stands, in the gauge; logged when it is short of CLICK_SPOOL_RESERVE_MB. */
  private noteReserve() {
    const bytes = this.spool.reserved();
    metrics.clickSpool.reserveBytes = bytes;
    if (bytes < this.spool.reserveBytes)
      this.logOnce('reserve', () =>
        this.deps.log.warn(
          { dir: this.spool.dir, reservedMb: Math.floor(bytes / MB), wantedMb: this.spool.reserveBytes / MB },
          'click spool reserve short of CLICK_SPOOL_RESERVE_MB (the disk is full, or was): written back once the disk has room',
        ),
      );
  }

  /** Writes a spent reserve back, a little at a time, once the disk has room. */
  private topUpReserve() {
    if (!this.spoolOpen || metrics.clickSpool.reserveBytes >= this.spool.reserveBytes) return;
    try {
      this.spool.topUpReserve(RESERVE_TOP_UP_BYTES);
    } catch (err) {
      this.logOnce('reserve-write', () => this.deps.log.error({ err, dir: this.spool.dir }, 'click spool reserve cannot be written'));
    }
    this.noteReserve();
  }

  /** Records a visit's click; resolves once it is in the spool (answer the visitor then). */
  record(click: Click): Promise<void> {
    this.batch.add(click);
    metrics.clicks.buffered++;
    if (this.batchInMemory) this.keepInMemory(1);
    if (this.batch.size >= this.batchMax) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_EVERY_MS);
    if (!this.turn) {
      this.turn = new Promise((resolve) => (this.endTurn = resolve));
      setImmediate(() => {
        this.spoolNewClicks();
        this.turn = undefined;
        this.endTurn();
      });
    }
    return this.turn;
  }

  /**
   * Counts a bot's visit to a link (never a click): a counter in memory, handed to the
   * `clicks.bots` job with the click batches. Not spooled: a crash loses at most a flush's worth.
   */
  recordBot(linkId: string, workspaceId: string): void {
    const counted = this.bots.get(linkId);
    if (counted) counted[1]++;
    else this.bots.set(linkId, [workspaceId, 1]);
    this.timer ??= setTimeout(() => this.flush(), FLUSH_EVERY_MS);
  }

  /** Records a visit's click as `record` does, and answers the id the click is stored under. */
  recordWithId(click: Click): { id: string; spooled: Promise<void> } {
    // the id is the batch's as the click joins it: record() may hand the batch over right after
    const id = clickId(this.batch.id, this.batch.size);
    return { id, spooled: this.record(click) };
  }

  /** Hands the current batch over now; resolves once the batches on their way are confirmed or back in the spool. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.batch.size) {
      this.spoolNewClicks();
      const batch = this.batch.build();
      const inMemory = this.batchInMemory;
      // a batch held in memory may have a file too: its clicks spooled before the disk refused
      this.spool.seal(batch.id);
      this.batch = new ClickBatchBuilder();
      this.batchInMemory = !this.spoolOpen;
      this.hand({ id: batch.id, clicks: batch.at.length, batch: inMemory ? batch : undefined, memoryOnly: this.batchMemoryOnly }, batch);
      this.batchMemoryOnly = 0;
    }
    if (this.bots.size) this.sendBots();
    return Promise.all([...this.sending]).then(() => {});
  }

  /** Shutdown: hands the last batch over and waits a little for those on their way; what is left stays in the spool, and is logged. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.claimTimer);
    clearTimeout(this.retryTimer);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.flush(), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    const unsent = [...this.waiting];
    const lost = unsent.reduce((n, w) => n + w.memoryOnly, 0);
    const kept = unsent.reduce((n, w) => n + w.clicks, 0) - lost + this.inFlight;
    if (this.spoolOpen) this.spool.close();
    this.spoolOpen = false;
    this.batchInMemory = true;
    const { log } = this.deps;
    if (kept) log.warn({ clicks: kept, dir: this.spool.dir }, `${kept} clicks kept in the click spool: the next start stores them`);
    else log.info({ dir: this.spool.dir }, 'every click handed over: nothing left in the click spool');
    if (lost) log.error({ clicks: lost, dir: this.spool.dir }, `${lost} clicks lost: the click spool could not be written`);
    metrics.clicksDropped.shutdown += lost;
    metrics.clickSpool.memoryOnly -= lost;
    this.logDropped();
  }

  private sendBots() {
    const visits = [...this.bots].map(([linkId, [workspaceId, n]]): BotVisits['visits'][number] => [linkId, workspaceId, n]);
    this.bots = new Map();
    const sent = this.deps.queue.enqueue('clicks.bots', { day: new Date().toISOString().slice(0, 10), visits }, { attempts: 20 }).then(
      () => {},
      (err) => this.logOnce('bots', () => this.deps.log.warn({ err }, 'bot visit counts not handed over (Redis unavailable?): dropped')),
    );
    this.sending.add(sent);
    void sent.then(() => this.sending.delete(sent));
  }

  /** Appends the current batch's new clicks to its spool file, one write. */
  private spoolNewClicks() {
    if (this.batchInMemory) return;
    const part = this.batch.takeNew();
    if (!part) return;
    try {
      this.spool.append(this.batch.id, part);
      metrics.clicks.spooled += part[3].length;
    } catch (err) {
      this.batchInMemory = true;
      this.keepInMemory(part[3].length);
      this.logOnce('write', () =>
        this.deps.log.error(
          { err, dir: this.spool.dir },
          'click spool not writable (disk full, its reserve spent?): clicks are held in memory until stored; a crash would lose them',
        ),
      );
    }
    // a full disk took some of the reserve (only then is its size read again: nothing more on every turn)
    if (this.spool.released) {
      this.spool.released = false;
      this.noteReserve();
    }
  }

  /** `clicks` more of the current batch are in memory only (the spool refused them, or is not open). */
  private keepInMemory(clicks: number) {
    this.batchMemoryOnly += clicks;
    metrics.clickSpool.memoryOnly += clicks;
  }

  private hand(waiting: Waiting, batch: ClickBatch) {
    if (!this.unavailable && !this.waiting.length && this.inFlight + waiting.clicks <= this.backlogMax) return this.send(waiting, batch);
    if (waiting.batch && this.heldInMemory + waiting.clicks > this.backlogMax) return this.drop(waiting);
    this.wait(waiting);
    if (this.unavailable || this.backlogged) return;
    this.backlogged = true;
    this.deps.log.warn(
      { inMemory: this.inFlight, dir: this.spool.dir },
      `more than ${this.backlogMax} clicks on their way to storage: further batches wait in the click spool until storing catches up`,
    );
  }

  /** Queues a batch to be sent (`first`: before the others, a failed hand-over). */
  private wait(waiting: Waiting, first = false) {
    if (waiting.batch) this.heldInMemory += waiting.clicks;
    if (first) this.waiting.unshift(waiting);
    else this.waiting.push(waiting);
  }

  /** The next batch to send. */
  private next(): Waiting | undefined {
    const waiting = this.waiting.shift();
    if (waiting?.batch) this.heldInMemory -= waiting.clicks;
    return waiting;
  }

  /**
   * The in-memory backlog is full: a batch the spool refused is dropped, but for the clicks of it that
   * reached the spool before the disk refused (they wait there, as a batch of their own).
   */
  private drop(waiting: Waiting) {
    const dropped = waiting.memoryOnly;
    const spooled = waiting.clicks - dropped;
    if (spooled) this.wait({ id: waiting.id, clicks: spooled, memoryOnly: 0 });
    metrics.clickSpool.memoryOnly -= dropped;
    metrics.clicksDropped.memory_full += dropped;
    this.droppedUnlogged += dropped;
    this.logOnce('dropped', () => this.logDropped());
  }

  private logDropped() {
    const clicks = this.droppedUnlogged;
    if (!clicks) return;
    this.droppedUnlogged = 0;
    this.deps.log.error(
      { clicks, dir: this.spool.dir, heldInMemory: this.heldInMemory },
      `${clicks} clicks dropped: the click spool (its reserve spent) and the in-memory backlog are full (linkhop_clicks_dropped_total)`,
    );
  }

  private send(waiting: Waiting, batch: ClickBatch) {
    this.inFlight += waiting.clicks;
    const sent = this.deps.queue
      .enqueue('clicks.record', batch, { jobId: `clicks-${batch.id}`, attempts: BATCH_ATTEMPTS, handOver: true })
      .then(
        () => {
          this.spool.remove(waiting.id);
          metrics.clickSpool.memoryOnly -= waiting.memoryOnly;
          if (!this.unavailable) return;
          this.unavailable = false;
          this.deps.log.info({ waiting: this.waiting.length }, 'click batches handed over again: the click spool drains');
        },
        (err) => {
          this.wait(waiting, true);
          this.retryLater();
          if (this.unavailable) return;
          this.unavailable = true;
          this.deps.log.warn(
            { err, dir: this.spool.dir },
            'click batches cannot be handed over (Redis unavailable?): they wait in the click spool, tried again every second',
          );
        },
      )
      .finally(() => {
        this.inFlight -= waiting.clicks;
        this.sending.delete(sent);
        this.pump();
      });
    this.sending.add(sent);
  }

  /** Sends waiting batches while there is room. */
  private pump() {
    while (!this.unavailable && !this.closing && this.waiting.length && this.inFlight < this.backlogMax) {
      const waiting = this.next()!;
      const batch = waiting.batch ?? this.readSpooled(waiting.id);
      if (batch) this.send(waiting, batch);
    }
    if (this.backlogged && !this.waiting.length) {
      this.backlogged = false;
      this.deps.log.info('click backlog caught up: the click spool is empty again');
    }
  }

  private retryLater() {
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = undefined;
      if (this.closing || this.inFlight || !this.waiting.length) return;
      const oldest = this.next()!;
      const batch = oldest.batch ?? this.readSpooled(oldest.id);
      if (batch) this.send(oldest, batch);
      else this.retryLater();
    }, RETRY_EVERY_MS);
  }

  /** A batch of the spool; undefined when it holds no click (its file is then removed). */
  private readSpooled(id: string): ClickBatch | undefined {
    let read: ReturnType<ClickSpool['read']>;
    try {
      read = this.spool.read(id);
    } catch (err) {
      this.deps.log.error({ err, dir: this.spool.dir, batch: id }, 'click spool file unreadable: left in place');
      return undefined;
    }
    if (read?.ignoredBytes)
      this.deps.log.warn(
        { dir: this.spool.dir, batch: id, ignoredBytes: read.ignoredBytes },
        'click spool file ends in a torn record (a crash while writing it): ignored',
      );
    if (read?.batch.at.length) return read.batch;
    this.spool.remove(id);
    return undefined;
  }

  /** Takes over the spool files of stopped processes and queues their batches. */
  private claim() {
    let ids: string[];
    try {
      ids = this.spool.claimOrphans();
    } catch (err) {
      this.deps.log.error({ err, dir: this.spool.dir }, 'click spool cannot be read');
      return;
    }
    let clicks = 0;
    for (const id of ids) {
      const batch = this.readSpooled(id);
      if (!batch) continue;
      clicks += batch.at.length;
      this.waiting.push({ id, clicks: batch.at.length, memoryOnly: 0 });
    }
    if (!clicks) return;
    this.deps.log.info({ clicks, batches: ids.length, dir: this.spool.dir }, `replaying ${clicks} clicks left in the click spool by a stopped process`);
    this.pump();
  }

  private logOnce(trouble: string, log: () => void) {
    const now = Date.now();
    if (now - (this.logged.get(trouble) ?? 0) < LOG_EVERY_MS) return;
    this.logged.set(trouble, now);
    log();
  }
}

const recorders = new WeakMap<object, ClickRecorder>();

/** The recorder of this process (one per Deps). */
export function clickRecorder(deps: RecorderDeps): ClickRecorder {
  let recorder = recorders.get(deps);
  if (!recorder) recorders.set(deps, (recorder = new ClickRecorder(deps)));
  return recorder;
}

/** Tests and shutdown: queue what is buffered and wait until the queue (in this process) has stored it. */
export async function flushClicks(deps: RecorderDeps): Promise<void> {
  await clickRecorder(deps).flush();
  await deps.queue.idle();
}
