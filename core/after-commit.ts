import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work that must wait for the enclosing transaction's commit: cache invalidations above all. Done
 * inside the transaction, an invalidation lets a concurrent reader re-read the old row (not committed
 * yet) and cache it again (issue 37: a deleted API key kept working for 30 s). Every `db.transaction`
 * of `openDatabase` runs its callback with a queue of its own; `afterCommit` adds to it, or runs at
 * once outside any transaction. A savepoint (`tx.transaction`) shares its outer transaction's queue.
 */
interface Queue {
  jobs: (() => Promise<unknown>)[];
  /** the transaction has ended: work that comes later (a hook the transaction set off) runs at once */
  ended: boolean;
}

const current = new AsyncLocalStorage<Queue>();

/** Runs `job` once the enclosing transaction has ended (at once outside one); the transaction's caller awaits it. */
export function afterCommit(job: () => Promise<unknown>): Promise<void> | undefined {
  const queue = current.getStore();
  if (queue && !queue.ended) {
    queue.jobs.push(job);
    return;
  }
  return job().then(() => {});
}

/**
 * `transaction` with an after-commit queue: the queued work runs once it ended, before it returns.
 * It also runs when the transaction failed: the COMMIT itself may have failed after the server
 * applied it (a lost connection), and an invalidation too many costs only a miss.
 */
export async function withAfterCommit<T>(transaction: () => Promise<T>): Promise<T> {
  const queue: Queue = { jobs: [], ended: false };
  let result: T;
  try {
    result = await current.run(queue, transaction);
  } finally {
    queue.ended = true;
    // outside any transaction's context: a transaction opened inside another's callback is one of its
    // own, committed now, and its work must not wait for the outer one
    await current.exit(() => runAll(queue.jobs));
  }
  return result;
}

/** Each job, even after one failed; the first failure is thrown at the end (the write itself stands). */
async function runAll(jobs: (() => Promise<unknown>)[]) {
  let failure: unknown;
  for (const job of jobs) {
    try {
      await job();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}
