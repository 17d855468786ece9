import type { Deps } from '../../core/deps';

/** One event of the live view: a stored click, a lead or a sale (never an IP or a raw user agent). */
export interface LiveEvent {
  type: 'click' | 'lead' | 'sale';
  data: Record<string, unknown>;
}

type Listener = (events: LiveEvent[]) => void;

const TOPIC = 'live';
/** a process with viewers of a workspace says so in Redis this often, for WATCH_TTL_MS */
const WATCH_REFRESH_MS = 10_000;
const WATCH_TTL_MS = 30_000;
/** publishers re-read who watches at most this often */
const WATCHED_MEMO_MS = 1000;

/**
 * Who watches which workspace live, and the delivery of their events to every process. Events go
 * out only for workspaces someone watches: the clicks worker asks (a Redis sorted set of watched
 * workspaces, each process refreshing its own, scored by expiry) once a second at most, so that
 * the clicks of unwatched workspaces are never even built into events. Delivery is the cache's
 * broadcast (Redis pub/sub across processes; in process on the embedded default): at most once.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private refresh: ReturnType<typeof setInterval> | undefined;
  private watched: { at: number; ids: Promise<Set<string>> } | undefined;

  constructor(private readonly deps: Pick<Deps, 'cache' | 'redis' | 'config' | 'log'>) {
    deps.cache.onBroadcast(TOPIC, ({ workspaceId, events }: { workspaceId: string; events: LiveEvent[] }) => {
      for (const listener of this.listeners.get(workspaceId) ?? []) listener(events);
    });
  }

  private get watchKey() {
    return `${this.deps.config.redisPrefix}:live:watched`;
  }

  /** Listens to a workspace's events; answers the function that stops it. */
  subscribe(workspaceId: string, listener: Listener): () => void {
    let set = this.listeners.get(workspaceId);
    if (!set) this.listeners.set(workspaceId, (set = new Set()));
    set.add(listener);
    this.announce();
    this.refresh ??= setInterval(() => this.announce(), WATCH_REFRESH_MS);
    this.refresh.unref?.();
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(workspaceId);
      if (!this.listeners.size) {
        clearInterval(this.refresh);
        this.refresh = undefined;
      }
    };
  }

  /** Which of `workspaceIds` someone watches, in any process. */
  async watchedAmong(workspaceIds: string[]): Promise<string[]> {
    if (!this.deps.redis) return workspaceIds.filter((id) => this.listeners.has(id));
    const now = Date.now();
    if (!this.watched || now - this.watched.at > WATCHED_MEMO_MS) {
      const ids = this.deps.redis.zrangebyscore(this.watchKey, now, '+inf').then(
        (members) => new Set(members),
        (err) => {
          this.deps.log.warn({ err }, 'live view: watched workspaces not read');
          return new Set<string>();
        },
      );
      this.watched = { at: now, ids };
    }
    const ids = await this.watched.ids;
    return workspaceIds.filter((id) => ids.has(id));
  }

  publish(workspaceId: string, events: LiveEvent[]): void {
    if (events.length) this.deps.cache.broadcast(TOPIC, { workspaceId, events });
  }

  /** This process's watched workspaces, in Redis until WATCH_TTL_MS from now (expired ones are pruned). */
  private announce() {
    const redis = this.deps.redis;
    if (!redis || !this.listeners.size) return;
    const until = Date.now() + WATCH_TTL_MS;
    const args = [...this.listeners.keys()].flatMap((id) => [until, id]);
    redis
      .multi()
      .zadd(this.watchKey, ...args)
      .zremrangebyscore(this.watchKey, '-inf', Date.now())
      .exec()
      .catch((err) => this.deps.log.warn({ err }, 'live view: watched workspaces not announced'));
  }
}

const hubs = new WeakMap<object, LiveHub>();

/** The hub of this process (one per Deps). */
export function liveHub(deps: Pick<Deps, 'cache' | 'redis' | 'config' | 'log'>): LiveHub {
  let hub = hubs.get(deps);
  if (!hub) hubs.set(deps, (hub = new LiveHub(deps)));
  return hub;
}
