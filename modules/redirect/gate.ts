/** What a gate answers when it is full: the caller refuses the work instead of queueing it. */
export const BUSY = Symbol('busy');

/**
 * At most `limit` tasks at once, at most `queued` more waiting their turn (in order); past that the
 * task is not run and `BUSY` is answered at once, so a flood waits for nothing and holds no memory.
 */
export function concurrencyGate(limit: number, queued: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // the slot goes to the next waiter as it is
    if (next) next();
    else running--;
  };
  return async function run<T>(task: () => Promise<T>): Promise<T | typeof BUSY> {
    if (running < limit) running++;
    else if (waiting.length < queued) await new Promise<void>((resolve) => waiting.push(resolve));
    else return BUSY;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
