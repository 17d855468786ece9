/**
 * What the redirect benches need to run Linkhop in each mode: production (a fresh PostgreSQL
 * database and Redis prefix, links created through the services) and the embedded default (a
 * DATA_DIR, the operator token, the API to bootstrap and read through).
 */
import { join } from 'node:path';
import postgres from 'postgres';
import { createDeps } from '../app/deps';
import { loadConfig } from '../core/config';
import { createLinks } from '../modules/links/create';
import { linkContext } from '../modules/links/validate';
import { ensureUser } from '../modules/members/service';
import { createWorkspace } from '../modules/workspaces/service';
import { deleteRedisPrefix } from '../test/helpers/redis';
import { freePort } from './processes';

export interface ProductionMode {
  /** env of the server (`app/main.ts`) and of its workers */
  env: Record<string, string>;
  /** the fresh database's URL (for the bench's own checks) */
  dbUrl: string;
  /** host:port the server answers short links on */
  host: string;
  prefix: string;
  /** removes the database and the Redis prefix (the processes using them must be stopped first) */
  drop(): Promise<void>;
}

/**
 * A fresh database `linkhop_<name>_<time>` on the server of `databaseUrl` (any database there that
 * the user may create databases from), a Redis prefix of its own, and the env of a production
 * server on a free port with its click spool under `workDir`; `links` are created in one pro
 * workspace before anything runs (slugs in the order given, 100 a batch).
 */
export async function productionMode(
  name: string,
  opts: { databaseUrl: string; redisUrl: string; workDir: string; links: Record<string, unknown>[] },
): Promise<ProductionMode & { slugs: string[] }> {
  const stamp = Date.now().toString(36);
  const dbName = `linkhop_${name}_${stamp}`;
  const admin = postgres(opts.databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const dbUrl = new URL(opts.databaseUrl);
  dbUrl.pathname = `/${dbName}`;
  const prefix = `lh${name}:${stamp}`;
  const port = freePort();
  const host = `127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: prefix,
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    DEFAULT_DOMAIN: host,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // the click spool of this run (a deployment's is ./data/spool)
    DATA_DIR: join(opts.workDir, 'data'),
  };

  const setup = await createDeps(loadConfig(env));
  const slugs: string[] = [];
  try {
    const user = await ensureUser(setup.db, 'bench@example.com', 'Bench', { proven: true });
    const ws = await createWorkspace(setup, { userId: user.id, name: 'Bench', plan: 'pro', skipQuota: true });
    const ctx = await linkContext(setup.db, { id: ws.id, plan: 'pro' }, user.id);
    for (let i = 0; i < opts.links.length; i += 100) {
      const { created, errors } = await createLinks(setup, ctx, opts.links.slice(i, i + 100), 'bulk');
      if (errors.length) throw new Error(`bench links refused: ${JSON.stringify(errors[0])}`);
      slugs.push(...created.map((r) => r.slug));
    }
  } finally {
    await setup.close();
  }
  return {
    env,
    dbUrl: dbUrl.toString(),
    host,
    prefix,
    slugs,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      await deleteRedisPrefix(opts.redisUrl, prefix);
    },
  };
}

/** the operator token of the embedded benches' servers */
export const EMBEDDED_TOKEN = 'bench-admin-token-of-at-least-32-characters';

/** env of an embedded-default server (no PostgreSQL, no Redis) on `port` over `dataDir` */
export function embeddedEnv(dataDir: string, port: number): Record<string, string> {
  return {
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    ADMIN_TOKEN: EMBEDDED_TOKEN,
    LOG_LEVEL: 'warn',
  };
}

/** a JSON API call to `base` with an API key, or as the operator without one; throws on a non-2xx answer */
export async function api(base: string, method: string, path: string, body?: unknown, key?: string): Promise<any> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(key ? { 'x-api-key': key } : { authorization: `Bearer ${EMBEDDED_TOKEN}` }),
  };
  const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
