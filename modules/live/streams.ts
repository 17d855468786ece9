import { identify, SESSION_COOKIE, sessionCookieOf, workspaceFor, type AccessRule, type Actor } from '../../core/access';
import type { Deps } from '../../core/deps';
import { ApiError } from '../../core/errors';
import { liveHub } from './hub';
import { eventStream } from './stream';

/** Who may watch: the route's guard, asked again while the stream is open. */
export const LIVE_ACCESS: AccessRule = { role: 'viewer', feature: 'stats' };
/** open streams one credential (an API key, a dashboard session) holds at most: a viewer's tabs, not a process's sockets */
export const STREAMS_PER_CREDENTIAL = 10;
const RETRY_AFTER_S = '5';

interface OpenStream {
  workspaceId: string;
  /** ends it at once: nothing more is written to it */
  end(): void;
}

/** The streams one credential holds, the actor it resolved to when they opened, and what checks it again. */
interface Holder {
  actor: Actor;
  /** the credential alone (API key or session cookie), as the guard reads it from a request */
  credential: Request;
  streams: Set<OpenStream>;
  recheck: ReturnType<typeof setInterval>;
  checking?: Promise<void>;
}

type AccessDeps = Pick<Deps, 'access' | 'cache' | 'redis' | 'config' | 'log'>;

/**
 * The open live streams of this process, by credential. A stream stays open only while its
 * credential would still open it: it closes when the live module hears of a revocation (a key
 * deleted, a member removed, sessions ended, a role or workspace changed: see hooks.ts) and, for
 * changes made in another process, when the guard, asked again every LIVE_RECHECK_MS, refuses it.
 * Caps: STREAMS_PER_CREDENTIAL per credential and LIVE_STREAMS_MAX per process, 429 beyond.
 */
export class LiveStreams {
  private readonly holders = new Map<string, Holder>();
  private open = 0;

  constructor(private readonly deps: AccessDeps) {}

  /** The event stream of `workspaceId` for a caller the guard admitted; throws 429 when a cap is reached. */
  stream(request: Request, actor: Actor, workspaceId: string): ReadableStream<Uint8Array> {
    const id = actor.via === 'key' ? `key:${actor.keyId}` : `session:${actor.sessionId}`;
    const held = this.holders.get(id)?.streams.size ?? 0;
    if (held >= STREAMS_PER_CREDENTIAL) throw tooMany(`This credential already holds ${STREAMS_PER_CREDENTIAL} live streams: close one first`);
    if (this.open >= this.deps.config.liveStreamsMax) throw tooMany('This server holds as many live streams as it may: retry later');
    return eventStream((send, end) => {
      const holder = this.holders.get(id) ?? this.hold(id, actor, request);
      const stream: OpenStream = { workspaceId, end };
      holder.streams.add(stream);
      this.open++;
      const unsubscribe = liveHub(this.deps).subscribe(workspaceId, send);
      return () => {
        unsubscribe();
        if (!holder.streams.delete(stream)) return;
        this.open--;
        if (!holder.streams.size) {
          clearInterval(holder.recheck);
          this.holders.delete(id);
        }
      };
    });
  }

  /** Open streams in this process. */
  get size(): number {
    return this.open;
  }

  /** Ends the streams held with API key `keyId`. */
  keyDeleted(keyId: string): void {
    this.endWhere((actor) => actor.via === 'key' && actor.keyId === keyId);
  }

  /** Ends the streams held with these dashboard sessions. */
  sessionsEnded(sessionIds: string[]): void {
    const ended = new Set(sessionIds);
    this.endWhere((actor) => actor.via === 'session' && ended.has(actor.sessionId));
  }

  /** Ends the streams of `workspaceId` a removed member held (with any credential of theirs). */
  memberRemoved(workspaceId: string, userId: string): void {
    this.endWhere((actor, stream) => actor.userId === userId && stream.workspaceId === workspaceId);
  }

  /** Asks the guard again, now, for the credentials holding a stream the change may concern. */
  recheckWhere(concerns: (actor: Actor, stream: OpenStream) => boolean): Promise<void> {
    const holders = [...this.holders.values()].filter((h) => [...h.streams].some((s) => concerns(h.actor, s)));
    return Promise.all(holders.map((h) => this.recheck(h))).then(() => {});
  }

  private endWhere(concerns: (actor: Actor, stream: OpenStream) => boolean) {
    for (const holder of [...this.holders.values()]) for (const stream of [...holder.streams]) if (concerns(holder.actor, stream)) stream.end();
  }

  private hold(id: string, actor: Actor, request: Request): Holder {
    const holder: Holder = {
      actor,
      credential: credentialOf(request),
      streams: new Set(),
      // a periodic check still waiting (a slow database) is not joined by another
      recheck: setInterval(() => {
        holder.checking ??= this.recheck(holder).finally(() => (holder.checking = undefined));
      }, this.deps.config.liveRecheckMs),
    };
    holder.recheck.unref?.();
    this.holders.set(id, holder);
    return holder;
  }

  /**
   * The guard's answer for each workspace the holder watches: a refusal (401, 402, 403, 404) ends
   * those streams. A failure to ask (the database away) keeps them until the next check.
   */
  private async recheck(holder: Holder): Promise<void> {
    const refused = (err: unknown) => err instanceof ApiError && err.status >= 401 && err.status <= 404;
    try {
      const { actor } = await identify(this.deps.access, holder.credential);
      for (const workspaceId of new Set([...holder.streams].map((s) => s.workspaceId))) {
        await workspaceFor(this.deps.access, actor, workspaceId, LIVE_ACCESS).catch((err) => {
          if (!refused(err)) throw err;
          for (const stream of [...holder.streams]) if (stream.workspaceId === workspaceId) stream.end();
        });
      }
    } catch (err) {
      if (refused(err)) for (const stream of [...holder.streams]) stream.end();
      else this.deps.log.warn({ err }, 'live view: credential not checked again; streams kept until the next check');
    }
  }
}

const tooMany = (message: string) => new ApiError(429, message, { headers: { 'Retry-After': RETRY_AFTER_S } });

/** The caller's credential and nothing else of their request (the guard reads the key first, as `identify` does). */
function credentialOf(request: Request): Request {
  const key = request.headers.get('x-api-key');
  const session = sessionCookieOf(request);
  const headers: Record<string, string> = key ? { 'x-api-key': key } : session ? { cookie: `${SESSION_COOKIE}=${session}` } : {};
  return new Request(request.url, { headers });
}

const registries = new WeakMap<object, LiveStreams>();

/** The open streams of this process (one registry per Deps). */
export function liveStreams(deps: AccessDeps): LiveStreams {
  let registry = registries.get(deps);
  if (!registry) registries.set(deps, (registry = new LiveStreams(deps)));
  return registry;
}
