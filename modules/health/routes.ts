import { Elysia, t } from 'elysia';
import { replicaLagSeconds } from '../../core/db';
import type { Deps } from '../../core/deps';

const withDeadline = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms))]);

/** A client still connecting (start-up, reconnect) gets a moment before it counts as down. */
async function pingRedis(redis: NonNullable<Deps['redis']>) {
  if (redis.status === 'connecting' || redis.status === 'connect' || redis.status === 'reconnecting') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1500);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return redis.ping();
}

const Readiness = t.Object({
  ok: t.Boolean(),
  checks: t.Record(t.String(), t.String(), {
    description: '`up`, or `down: <reason>`, per dependency (database, redis, database_replica)',
  }),
  replica_lag_seconds: t.Optional(
    t.Number({ description: 'With DATABASE_REPLICA_URL: how far the replica trails the primary (0 when it has replayed all it received)' }),
  ),
});

/**
 * Liveness and readiness: readyz checks the database and, when configured, Redis and the read
 * replica. A replica that is down is shown but leaves `ok` true: redirects and writes do not use
 * it, and a load balancer taking every API process out for it would stop them too.
 */
export const healthRoutes = (deps: Deps) =>
  new Elysia({ name: 'module:health', detail: { tags: ['Operations'] } })
    .get('/healthz', () => ({ ok: true }), { detail: { summary: 'Liveness', security: [] }, response: t.Object({ ok: t.Boolean() }) })
    .get(
      '/readyz',
      async ({ set }) => {
        const checks: Record<string, string> = {};
        const probe = async (name: string, fn: () => Promise<unknown>) => {
          try {
            await withDeadline(fn(), 2000);
            checks[name] = 'up';
          } catch (error) {
            checks[name] = `down: ${(error as Error).message}`;
          }
        };
        let lag: number | undefined;
        await Promise.all([
          probe('database', () => deps.database.ping()),
          deps.redis ? probe('redis', () => pingRedis(deps.redis!)) : undefined,
          deps.replica ? probe('database_replica', async () => (lag = await replicaLagSeconds(deps.replica!.db))) : undefined,
        ]);
        const ok = Object.entries(checks).every(([name, v]) => v === 'up' || name === 'database_replica');
        if (!ok) set.status = 503;
        return { ok, checks, ...(lag === undefined ? {} : { replica_lag_seconds: lag }) };
      },
      {
        detail: { summary: 'Readiness: database and Redis reachable', security: [] },
        response: { 200: Readiness, 503: t.Object({ ...Readiness.properties, ok: t.Literal(false) }, { description: 'A dependency is down; checks name it' }) },
      },
    );
