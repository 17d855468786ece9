import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Db } from '../../core/db';
import { createAuthenticator } from '../../modules/api-keys';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * Issue 37: a key deleted in the dashboard kept answering 200. A request that read the key's row
 * before the DELETE committed must not put it in the key cache after the DELETE answered. The
 * request's read is held between the database's answer and what the authenticator does with it,
 * while the key is deleted through the API; the app's own authenticator shares the cache.
 * Embedded by default; real PostgreSQL and Redis with TEST_DATABASE_URL / TEST_REDIS_URL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * `db` whose next query's rows, once held, reach their reader only when released: the reader stands
 * between its read and its use of it, as a slow request does.
 */
function holdingDb(db: Db) {
  let hold: { reached: () => void; released: Promise<void> } | undefined;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj: any, prop) {
        const value = Reflect.get(obj, prop, obj);
        if (prop === 'then' && typeof value === 'function') {
          return (ok: any, fail: any) =>
            value
              .call(obj, async (rows: unknown) => {
                const held = hold;
                hold = undefined;
                if (held) {
                  held.reached();
                  await held.released;
                }
                return rows;
              })
              .then(ok, fail);
        }
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result = value.apply(obj, args);
          return result && typeof result === 'object' ? wrap(result) : result;
        };
      },
    });
  return {
    db: wrap(db),
    /** holds the next query's answer; resolves once it was read, with the function that lets it go */
    holdNext(): Promise<() => void> {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      return new Promise((resolve) => (hold = { reached: () => resolve(release), released }));
    },
  };
}

test('a key read by a request before its DELETE committed is refused from the moment the DELETE answers', async () => {
  const me = await t.bootstrap();
  const created = await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: me.key, body: { name: 'revoked soon' } });
  expect(created.status).toBe(201);
  const { key, id } = created.body;

  const held = holdingDb(t.deps.db);
  const authenticate = createAuthenticator(held.db, t.deps.cache);
  const reading = held.holdNext();
  // a request with the key misses the cache and reads its row
  const racing = authenticate(key);
  const release = await reading;

  const deleted = await t.api('DELETE', `/workspaces/${me.workspaceId}/api-keys/${id}`, { key: me.key });
  expect(deleted.body).toEqual({ ok: true });
  // the request goes on with the row it read before the DELETE: it began before, so it may pass
  release();
  expect(await racing).toMatchObject({ keyId: id });

  // but what it read was not kept: the next requests are refused, in this authenticator and the app's
  expect(await authenticate(key)).toBeNull();
  expect((await t.api('GET', `/workspaces/${me.workspaceId}`, { key })).status).toBe(401);
});

test('a key used before (so cached) is refused right after its DELETE answers', async () => {
  const me = await t.bootstrap();
  const { key, id } = (await t.api('POST', `/workspaces/${me.workspaceId}/api-keys`, { key: me.key, body: {} })).body;
  expect((await t.api('GET', `/workspaces/${me.workspaceId}`, { key })).status).toBe(200);
  expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/api-keys/${id}`, { key: me.key })).status).toBe(200);
  expect((await t.api('GET', `/workspaces/${me.workspaceId}`, { key })).status).toBe(401);
});
