import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { CronExpressionParser } from 'cron-parser';
import type Redis from 'ioredis';
import type { Logger } from './logger';
import { redisConnectionOptions, type RedisTarget } from './redis';

/**
 * Job names and payloads. Modules add theirs by declaration merging:
 * `declare module '../../core/queue' { interface JobMap { 'mail.send': MailJob } }`.
 * The queue of a job is the part of its name before the first dot (`mail.send` → `mail`);
 * `bun run worker mail` runs that queue.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (a type alias could not be)
export interface JobMap {}
export type JobName = keyof JobMap & string;
export type Processor<N extends JobName> = (data: JobMap[N], meta: { jobId?: string; attempt: number }) => Promise<void>;

export interface EnqueueOptions {
  /** idempotency key: a second job with the same id is ignored while the first exists */
  jobId?: string;
  /** attempts in all (default 3); webhooks use 1: a delivery is never retried */
  attempts?: number;
  delayMs?: number;
  /**
   * settle only once the job is safe elsewhere, and reject when it is not, so that the caller keeps
   * it (the click spool): with BullMQ once Redis has stored it (never buffered in memory), in process
   * once it has run successfully
   */
  handOver?: boolean;
  /**
   * the payload carries a credential (a sign-in or invitation link in a mail): with BullMQ the job is
   * deleted from Redis as soon as it has completed or failed, instead of being kept for inspection
   */
  sensitive?: boolean;
}

export interface JobQueue {
  readonly kind: 'memory' | 'bullmq';
  enqueue<N extends JobName>(name: N, data: JobMap[N], opts?: EnqueueOptions): Promise<void>;
  /** register the processor of a job (both modes; BullMQ only runs it in a worker process) */
  register<N extends JobName>(name: N, processor: Processor<N>): void;
  /** a repeatable job, every `every` ms or on a cron pattern; with BullMQ one schedule exists however many processes declare it */
  schedule<N extends JobName>(name: N, every: number | { pattern: string }, data: JobMap[N]): Promise<void>;
  /** start consuming (BullMQ: workers for the given queues, all registered queues when omitted) */
  startWorkers(queues?: string[]): Promise<void>;
  /**
   * resolve once nothing is queued or running in this process (tests). BullMQ: in the queues this
   * process consumes (startWorkers); the next run of a scheduled job does not count.
   */
  idle(): Promise<void>;
  /** per queue (every queue a processor is registered for): jobs waiting, running, delayed, failed (BullMQ: kept failed jobs; in process: failed since start) */
  counts(): Promise<Record<string, QueueCounts>>;
  close(): Promise<void>;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export const queueOf = (name: string) => name.split('.')[0]!;

/** How long a producer waits for Redis before buffering the job in memory. */
const SEND_DEADLINE_MS = 500;
/** How long a send behind Sentinel waits for the primary's replica to confirm the job (a replica answers in about a millisecond). */
const REPLICA_WAIT_MS = 50;
/** How long sends stop waiting for a replica after one did not answer. */
const REPLICA_RECHECK_MS = 5000;

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Wait before retry `attempt + 1`: 200 ms doubling, at most 10 s, in both modes (BullMQ's own
 * exponential backoff has no cap: its 10th try would wait 51 s, its 20th 14 hours).
 */
const backoffMs = (attempt: number) => Math.min(200 * 2 ** attempt, 10_000);
const CAPPED_BACKOFF = 'capped';

/** In-process runner with the same contract: the embedded default needs no Redis. */
export function createMemoryQueue(log: Logger): JobQueue {
  const processors = new Map<string, (data: any, meta: { jobId?: string; attempt: number }) => Promise<void>>();
  const seen = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let running = 0;
  /** per queue, what `counts()` reports */
  const counts = new Map<string, QueueCounts>();
  const countsOf = (name: string) => {
    const q = queueOf(name);
    let c = counts.get(q);
    if (!c) counts.set(q, (c = { waiting: 0, active: 0, delayed: 0, failed: 0 }));
    return c;
  };
  let waiters: (() => void)[] = [];
  let closed = false;

  const settleIfIdle = () => {
    if (running === 0) {
      const list = waiters;
      waiters = [];
      for (const resolve of list) resolve();
    }
  };

  /** runs a job and its retries: true once it succeeded, false once it failed for good */
  const execute = async (name: string, data: unknown, opts: EnqueueOptions, attempt: number): Promise<boolean> => {
    const processor = processors.get(name);
    if (!processor) {
      log.warn({ job: name }, 'no processor registered; job dropped');
      return false;
    }
    try {
      await processor(data, { jobId: opts.jobId, attempt });
      return true;
    } catch (err) {
      const attempts = opts.attempts ?? 3;
      if (attempt + 1 < attempts && !closed) {
        log.warn({ err, job: name, attempt }, 'job failed; retrying');
        await Bun.sleep(backoffMs(attempt));
        return execute(name, data, opts, attempt + 1);
      }
      log.error({ err, job: name, attempt }, 'job failed');
      countsOf(name).failed++;
      // its owner may hand it over again (a click batch kept in the spool)
      if (opts.jobId) seen.delete(opts.jobId);
      return false;
    }
  };
  const done = () => {
    running--;
    settleIfIdle();
  };

  return {
    kind: 'memory',
    async enqueue(name, data, opts = {}) {
      if (closed) {
        if (opts.handOver) throw new Error('the job queue is closed');
        return;
      }
      if (opts.jobId) {
        if (seen.has(opts.jobId)) return;
        seen.add(opts.jobId);
        if (seen.size > 100_000) seen.clear();
      }
      running++;
      const count = countsOf(name);
      const state = opts.delayMs ? 'delayed' : 'waiting';
      count[state]++;
      const ran = new Promise<boolean>((resolve) => {
        const start = () => {
          count[state]--;
          count.active++;
          void execute(name, data, opts, 0)
            .then(resolve)
            .finally(() => {
              count.active--;
              done();
            });
        };
        if (opts.delayMs) setTimeout(start, opts.delayMs);
        else setImmediate(start);
      });
      if (opts.handOver && !(await ran)) throw new Error(`job ${name} failed`);
    },
    register(name, processor) {
      processors.set(name, processor as any);
      countsOf(name);
    },
    async counts() {
      return Object.fromEntries([...counts].map(([q, c]) => [q, { ...c }]));
    },
    async schedule(name, every, data) {
      if (typeof every === 'number') {
        const timer = setInterval(() => void this.enqueue(name, data), every);
        timer.unref?.();
        timers.add(timer);
        return;
      }
      const pattern = CronExpressionParser.parse(every.pattern, { tz: 'UTC' });
      const next = () => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void this.enqueue(name, data);
          next();
        }, pattern.next().getTime() - Date.now());
        timer.unref?.();
        timers.add(timer);
      };
      next();
    },
    async startWorkers() {},
    idle() {
      return running === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      closed = true;
      for (const t of timers) clearInterval(t);
      await this.idle();
    },
  };
}

/** How long idle() waits before it fails, naming the jobs it waits for (a test then says why, not just that it timed out). */
const IDLE_GIVE_UP_MS = 20_000;

/** The jobs a queue has not finished, each with its state, attempts and last failure. */
async function unfinished(queue: Queue): Promise<string> {
  const jobs = await queue.getJobs(['wait', 'active', 'prioritized', 'delayed'], 0, 20);
  const described = await Promise.all(
    jobs.map(async (job) => {
      const state = await job.getState();
      const repeat = job.repeatJobKey ? ' (scheduled)' : '';
      const failed = job.failedReason ? `, last failure: ${job.failedReason}` : '';
      return `${job.name} #${job.id} ${state}${repeat}, ${job.attemptsMade} attempts${failed}`;
    }),
  );
  return described.join('; ') || 'none listed';
}

/**
 * BullMQ: one Queue per queue name for producing; Workers only where startWorkers is called
 * (the worker processes). Producers fail fast: a job that cannot reach Redis waits in a
 * bounded in-memory buffer and is re-sent when Redis answers again.
 */
export function createBullQueue(opts: { target: RedisTarget; prefix: string; producer: Redis; log: Logger; lockMs?: number }): JobQueue {
  const { log } = opts;
  const processors = new Map<string, (data: any, meta: { jobId?: string; attempt: number }) => Promise<void>>();
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const buffer: { name: string; data: unknown; opts: EnqueueOptions & { jobId: string } }[] = [];
  const BUFFER_MAX = 100_000;
  const workerConnection = redisConnectionOptions(opts.target) as ConnectionOptions;

  const queueFor = (name: string) => {
    const q = queueOf(name);
    let queue = queues.get(q);
    if (!queue) {
      const created = new Queue(q, { connection: opts.producer as any, prefix: opts.prefix });
      created.on('error', () => {});
      // BullMQ checks the server once per Queue; when Redis dies during that check the Queue fails
      // every later call, so it is dropped and the next send makes a new one
      created.waitUntilReady().catch(() => {
        if (queues.get(q) === created) queues.delete(q);
      });
      queues.set(q, (queue = created));
    }
    return queue;
  };

  // every job gets an id: a send that timed out but landed later, and its buffered re-send, stay one job
  const add = (name: string, data: unknown, o: EnqueueOptions & { jobId: string }) =>
    withDeadline(
      queueFor(name).add(name, data, {
        jobId: o.jobId,
        attempts: o.attempts ?? 3,
        delay: o.delayMs,
        backoff: { type: CAPPED_BACKOFF },
        removeOnComplete: o.sensitive ? true : { count: 1000 },
        removeOnFail: o.sensitive ? true : { age: 7 * 24 * 3600 },
      }),
      SEND_DEADLINE_MS,
    );
  // Behind Sentinel the primary's writes reach its replica a moment later: a job the primary took but
  // had not passed on is lost if the primary dies then, and a click batch leaves the spool once it is
  // sent. Sending waits (REPLICA_WAIT_MS at most) until the replica has it. A primary left without a
  // replica (after a failover, until the old primary is back as one) still takes jobs, as a lone
  // Redis does: once a wait times out, sends do not wait for REPLICA_RECHECK_MS.
  let replicaMissingUntil = 0;
  const send = opts.target.sentinels
    ? async (name: string, data: unknown, o: EnqueueOptions & { jobId: string }) => {
        await add(name, data, o);
        if (Date.now() < replicaMissingUntil) return;
        if ((await opts.producer.wait(1, REPLICA_WAIT_MS)) < 1) replicaMissingUntil = Date.now() + REPLICA_RECHECK_MS;
      }
    : add;

  const retryTimers = new Set<ReturnType<typeof setInterval>>();
  const consumed = new Set<string>();
  const flushTimer = setInterval(async () => {
    while (buffer.length) {
      const job = buffer[0]!;
      try {
        await send(job.name, job.data, job.opts);
        buffer.shift();
      } catch {
        return;
      }
    }
  }, 500);
  flushTimer.unref?.();

  return {
    kind: 'bullmq',
    async enqueue(name, data, options = {}) {
      const o = { ...options, jobId: options.jobId ?? crypto.randomUUID() };
      try {
        await send(name, data, o);
      } catch (err) {
        if (options.handOver) throw err;
        if (buffer.length >= BUFFER_MAX) {
          log.error({ err, job: name }, 'job buffer full; job dropped');
          return;
        }
        buffer.push({ name, data, opts: o });
        log.warn({ job: name, buffered: buffer.length }, 'Redis unavailable; job buffered in memory');
      }
    },
    register(name, processor) {
      processors.set(name, processor as any);
    },
    async schedule(name, every, data) {
      // modules schedule at start, often before the fail-fast producer is connected: keep trying
      const repeat = typeof every === 'number' ? { every } : { pattern: every.pattern, tz: 'UTC' };
      const upsert = () => withDeadline(queueFor(name).upsertJobScheduler(`${name}:every`, repeat, { name, data }), SEND_DEADLINE_MS);
      try {
        await upsert();
      } catch {
        const retry = setInterval(
          () =>
            upsert().then(
              () => clearInterval(retry),
              () => {},
            ),
          1000,
        );
        retry.unref?.();
        retryTimers.add(retry);
      }
    },
    async startWorkers(names) {
      const known = new Set([...processors.keys()].map(queueOf));
      const unknown = (names ?? []).filter((n) => !known.has(n));
      // a typo would otherwise start a worker for a queue no job goes to, silently processing nothing
      if (unknown.length)
        throw new Error(`Unknown queue${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: the queues are ${[...known].sort().join(', ')}`);
      const wanted = new Set(names?.length ? names : known);
      for (const q of wanted) {
        consumed.add(q);
        const worker = new Worker(
          q,
          async (job) => {
            const processor = processors.get(job.name);
            if (!processor) throw new Error(`no processor for job ${job.name}`);
            await processor(job.data, { jobId: job.id, attempt: job.attemptsMade });
          },
          // a crashed worker's jobs go back to waiting once their lock (renewed every lockMs/2) lapses
          {
            connection: workerConnection,
            prefix: opts.prefix,
            concurrency: 8,
            autorun: true,
            settings: { backoffStrategy: (attemptsMade: number) => backoffMs(attemptsMade - 1) },
            ...(opts.lockMs ? { lockDuration: opts.lockMs, stalledInterval: opts.lockMs } : {}),
          },
        );
        worker.on('failed', (job, err) => log.warn({ err, job: job?.name, id: job?.id }, 'job failed'));
        worker.on('error', (err) => log.warn({ err }, 'worker error'));
        workers.push(worker);
      }
    },
    async counts() {
      const names = [...new Set([...processors.keys()].map(queueOf))];
      const all = await Promise.all(
        names.map((q) => withDeadline(queueFor(q).getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed'), SEND_DEADLINE_MS)),
      );
      return Object.fromEntries(
        names.map((q, i) => {
          const c = all[i]!;
          return [q, { waiting: (c.wait ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 }];
        }),
      );
    },
    async idle() {
      const started = Date.now();
      // jobs of queues without a worker here wait for another process: not this one's to wait for
      for (const queue of [...consumed].map(queueFor)) {
        for (;;) {
          if (Date.now() - started > IDLE_GIVE_UP_MS) throw new Error(`Queue ${queue.name} not idle after ${IDLE_GIVE_UP_MS} ms: ${await unfinished(queue)}`);
          // one atomic count; the lists are read after it, so a job that moved meanwhile (a retry's wait
          // over, a run finished) shows as a list shorter than its count, and is waited for
          const { delayed = 0, active = 0, ...counts } = await queue.getJobCounts('wait', 'active', 'prioritized', 'delayed');
          const busy = Object.values(counts).some((n) => n > 0);
          // scheduled (repeatable) jobs are the instance's own upkeep, not work the caller set off: their
          // next run is always delayed, and a run under way (a maintenance pass) is not waited for either
          const [running, waiting] = busy ? [[], []] : await Promise.all([active ? queue.getJobs(['active']) : [], delayed ? queue.getJobs(['delayed']) : []]);
          const scheduledOnly = running.length === active && waiting.length === delayed && [...running, ...waiting].every((job) => job.repeatJobKey);
          if (!busy && scheduledOnly) break;
          await Bun.sleep(20);
        }
      }
    },
    async close() {
      clearInterval(flushTimer);
      for (const timer of retryTimers) clearInterval(timer);
      await withDeadline(Promise.allSettled(workers.map((w) => w.close())), 5000).catch(() => {});
      await withDeadline(Promise.allSettled([...queues.values()].map((q) => q.close())), 2000).catch(() => {});
    },
  };
}
