import { Elysia, t } from 'elysia';
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
  checks: t.Record(t.String(), t.String(), { description: '`up`, or `down: <reason>`, per dependency (database, redis)' }),
});

/** Liveness and readiness: readyz checks the database and, when configured, Redis. */
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
        await Promise.all([probe('database', () => deps.database.ping()), deps.redis ? probe('redis', () => pingRedis(deps.redis!)) : Promise.resolve()]);
        const ok = Object.values(checks).every((v) => v === 'up');
        if (!ok) set.status = 503;
        return { ok, checks };
      },
      {
        detail: { summary: 'Readiness: database and Redis reachable', security: [] },
        response: { 200: Readiness, 503: t.Object({ ...Readiness.properties, ok: t.Literal(false) }, { description: 'A dependency is down; checks name it' }) },
      },
    );
