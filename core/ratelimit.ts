import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from './errors';

export interface RateRule {
  points: number;
  durationSec: number;
}

export interface RateLimiter {
  /** take one point for `key` under `name`'s rule; throws ApiError 429 with Retry-After when exhausted */
  consume(name: string, key: string, rule: RateRule): Promise<void>;
  /** the same 429 when no point is left, taking none (a cheap refusal before costly work that consumes later) */
  check(name: string, key: string, rule: RateRule): Promise<void>;
}

function tooMany(res: RateLimiterRes): ApiError {
  const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new ApiError(429, `Rate limit exceeded; retry in ${retryAfter} s`, { headers: { 'Retry-After': String(retryAfter) } });
}

/**
 * rate-limiter-flexible: Redis-backed (shared by every process) with an in-memory insurance
 * limiter taking over while Redis is unreachable; memory-only on the embedded default.
 */
export function createRateLimiter(opts: { redis?: Redis; prefix: string }): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (name: string, rule: RateRule) => {
    const id = `${name}:${rule.points}:${rule.durationSec}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const base = { points: rule.points, duration: rule.durationSec, keyPrefix: `${opts.prefix}:rl:${name}` };
      limiter = opts.redis
        ? new RateLimiterRedis({ ...base, storeClient: opts.redis, insuranceLimiter: new RateLimiterMemory(base) })
        : new RateLimiterMemory(base);
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async consume(name, key, rule) {
      try {
        await limiterFor(name, rule).consume(key);
      } catch (res) {
        throw res instanceof RateLimiterRes ? tooMany(res) : res;
      }
    },
    async check(name, key, rule) {
      // a limiter that cannot answer lets the request on: consume() decides, with its insurance
      const res = await limiterFor(name, rule)
        .get(key)
        .catch(() => null);
      if (res && res.remainingPoints <= 0 && res.msBeforeNext > 0) throw tooMany(res);
    },
  };
}
