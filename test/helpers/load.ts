/** What a run of requests answered: count per status (0 = the request itself failed) and latencies. */
export interface LoadResult {
  statuses: Record<number, number>;
  /** ms, in completion order */
  latencies: number[];
  maxMs: number;
  p99Ms: number;
  elapsedMs: number;
}

/**
 * `count` requests with `concurrency` in flight, from this process over loopback. `onDone(n)`
 * runs after each answer (fault tests kill or pause a service at a given point of the run).
 */
export async function runRequests(opts: {
  count: number;
  concurrency: number;
  request: (i: number) => Promise<Response>;
  onDone?: (done: number) => void | Promise<void>;
  /** at most this many requests started per second (a steady pace, so a fault spans a known time) */
  perSecond?: number;
}): Promise<LoadResult> {
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < opts.count) {
      const i = next++;
      if (opts.perSecond) {
        const wait = started + (i * 1000) / opts.perSecond - performance.now();
        if (wait > 0) await Bun.sleep(wait);
      }
      const t0 = performance.now();
      const status = await opts.request(i).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        () => 0,
      );
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      await opts.onDone?.(latencies.length);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, lane));
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    statuses,
    latencies,
    maxMs: sorted.at(-1) ?? 0,
    p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    elapsedMs: performance.now() - started,
  };
}
