import type { Deps } from '../../core/deps';
import { linkCacheKey } from '../links';
import type { ClickBatch } from './batch';

/**
 * Fresh `click_count` for the redirect's rules: a link snapshot is cached for up to
 * 10 minutes, its count with it. After each stored batch the worker broadcasts the links' new totals;
 * every API process raises the count of the snapshot it holds in process (no I/O on the redirect
 * path). A process that loads a snapshot from Redis meanwhile — older than the broadcasts it missed —
 * reads the latest total from a Redis key the worker also sets (`freshClickCount`, on a miss only).
 */
const TOPIC = 'clicks.counts';
/** longer than a snapshot lives in Redis (10 min), so a snapshot is never older than the key that corrects it */
const COUNT_TTL_MS = 20 * 60_000;

const countKey = (prefix: string, linkId: string) => `${prefix}:clicks:count:${linkId}`;

type CountUpdate = [linkId: string, count: number, domain: string, slug: string];

/** After a transaction: its links' new totals to every process (and to Redis for later loads). */
export function publishClickCounts(deps: Pick<Deps, 'cache' | 'redis' | 'config' | 'log'>, batches: ClickBatch[], counts: Map<string, number>): void {
  if (!counts.size) return;
  const hosts = new Map(batches.flatMap((b) => b.links.map(([id, , domain, slug]) => [id, [domain, slug]] as const)));
  const updates: CountUpdate[] = [...counts].map(([id, count]) => [id, count, ...hosts.get(id)!]);
  if (deps.redis) {
    const pipeline = deps.redis.pipeline();
    for (const [id, count] of updates) pipeline.set(countKey(deps.config.redisPrefix, id), count, 'PX', COUNT_TTL_MS);
    pipeline.exec().catch((err) => deps.log.warn({ err }, 'click counts not written to Redis'));
  }
  deps.cache.broadcast(TOPIC, updates);
}

interface CountedSnapshot {
  id: string;
  click_count: number;
}

/** In an API process: raise the cached snapshots' counts as batches are stored. */
export function followClickCounts(deps: Pick<Deps, 'cache'>): void {
  deps.cache.onBroadcast(TOPIC, (updates: CountUpdate[]) => {
    for (const [id, count, domain, slug] of updates) {
      const snapshot = deps.cache.peek<CountedSnapshot | null>(linkCacheKey(domain, slug));
      if (snapshot?.id === id && snapshot.click_count < count) snapshot.click_count = count;
    }
  });
}

/** A snapshot just loaded (from Redis, possibly minutes old): its count raised to the latest stored total. */
export async function freshClickCount<T extends CountedSnapshot>(deps: Pick<Deps, 'redis' | 'config'>, snapshot: T): Promise<T> {
  if (!deps.redis) return snapshot;
  const latest = await deps.redis.get(countKey(deps.config.redisPrefix, snapshot.id)).catch(() => null);
  if (latest !== null && Number(latest) > snapshot.click_count) snapshot.click_count = Number(latest);
  return snapshot;
}
