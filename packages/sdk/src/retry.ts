import { retryAfterSeconds } from './errors.js';

/** How refused requests are tried again. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1 never retries). */
  attempts?: number;
  /** The statuses tried again (default 429 and 503: the server refused before doing the work, or asks to retry). */
  statuses?: number[];
  /** The wait before the second attempt when the answer has no `Retry-After`, doubled each time (default 500 ms). */
  baseDelayMs?: number;
  /**
   * The longest wait (default 60 s). A `Retry-After` asking for more is not waited for: the error is thrown
   * at once, carrying `retryAfter`, for the caller to decide.
   */
  maxDelayMs?: number;
  /** Told before each wait: which attempt failed with what, and how long the client waits. */
  onRetry?: (retry: { attempt: number; status: number; delayMs: number; request: Request }) => void;
}

/** What a client sends requests with: `globalThis.fetch` or one of the same shape. */
export type Fetch = (request: Request, init?: RequestInit) => Promise<Response>;

const DEFAULTS = { attempts: 3, statuses: [429, 503], baseDelayMs: 500, maxDelayMs: 60_000 };

/** How long to wait after a refused `attempt` (1-based), or undefined to give up. */
export function retryDelayMs(policy: Required<Omit<RetryOptions, 'onRetry'>>, attempt: number, response: Response, now = Date.now()): number | undefined {
  if (attempt >= policy.attempts || !policy.statuses.includes(response.status)) return undefined;
  const asked = retryAfterSeconds(response.headers.get('retry-after'), now);
  // without Retry-After: exponential backoff with jitter, so that many clients refused together do not return together
  const delay = asked !== undefined ? asked * 1000 : policy.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
  return delay > policy.maxDelayMs ? undefined : delay;
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `fetch`, trying a refused request again as `options` say: each attempt sends a copy of the request (its body
 * included); the wait honours `Retry-After` and the request's abort signal. The last answer is returned as it is.
 */
export function retryingFetch(fetch: Fetch, options: RetryOptions | false = {}): Fetch {
  const policy = { ...DEFAULTS, ...(options === false ? { attempts: 1 } : options) };
  const attempts = Math.max(1, Math.floor(policy.attempts));
  return async (request, init) => {
    for (let attempt = 1; ; attempt++) {
      const sent = attempt < attempts ? request.clone() : request;
      const response = await fetch(sent, init);
      const delayMs = retryDelayMs({ ...policy, attempts }, attempt, response);
      if (delayMs === undefined) return response;
      // the refused answer's body is not read: release it
      await response.body?.cancel().catch(() => {});
      if (options !== false) options.onRetry?.({ attempt, status: response.status, delayMs, request });
      await sleep(delayMs, request.signal);
    }
  };
}
