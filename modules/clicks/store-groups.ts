import type { ClickBatch } from './batch';

interface Waiting {
  batch: ClickBatch;
  /** when it arrived (ms) */
  since: number;
  stored: () => void;
  failed: (err: unknown) => void;
}

/**
 * Group commit for `clicks.record` jobs: a worker fetches several jobs at once, and the batches that
 * wait while a transaction runs are stored together by the next one, up to `maxClicks`. Per click
 * that writes fewer rollup rows (a link's day row once per group, not once per batch) and runs fewer
 * statements. Each job still succeeds or fails on its own: when a group fails, its batches are
 * stored one by one, so one bad batch is retried alone and never holds the others back. With a
 * linger, a group that could still grow also waits for more batches until its first is that old.
 */
export class StoreGroups {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  private lingering: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: (batches: ClickBatch[]) => Promise<void>,
    private readonly maxClicks: number,
    /** groups stored at once: the next group's JavaScript runs while PostgreSQL stores the previous one */
    private readonly maxInFlight: number,
    /** a group short of `maxClicks` waits until its first batch is this old (ms), for more to join it */
    private readonly lingerMs = 0,
  ) {}

  /** resolves once the batch is committed (in whichever group) */
  add(batch: ClickBatch): Promise<void> {
    return new Promise((stored, failed) => {
      this.waiting.push({ batch, since: performance.now(), stored, failed });
      this.next();
    });
  }

  private next() {
    while (this.inFlight < this.maxInFlight && this.waiting.length) {
      let clicks = this.waiting[0]!.batch.at.length;
      let n = 1;
      while (n < this.waiting.length && clicks + this.waiting[n]!.batch.at.length <= this.maxClicks) clicks += this.waiting[n++]!.batch.at.length;
      const wait = this.waiting[0]!.since + this.lingerMs - performance.now();
      if (n === this.waiting.length && clicks < this.maxClicks && wait > 0) {
        this.lingering ??= setTimeout(() => {
          this.lingering = undefined;
          this.next();
        }, wait);
        return;
      }
      const group = this.waiting.splice(0, n);
      this.inFlight++;
      void this.run(group).finally(() => {
        this.inFlight--;
        this.next();
      });
    }
  }

  private async run(group: Waiting[]) {
    try {
      await this.store(group.map((w) => w.batch));
      for (const w of group) w.stored();
    } catch (err) {
      if (group.length === 1) return group[0]!.failed(err);
      for (const w of group) await this.store([w.batch]).then(w.stored, w.failed);
    }
  }
}
