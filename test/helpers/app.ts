import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../core/config';
import type { Deps } from '../../core/deps';
import type { Database } from '../../core/db';
import { createDeps } from '../../app/deps';
import { createApp, createFetch, listen } from '../../app/kernel';
import { startModules, stopModules } from '../../app/modules';
import type { Logger } from '../../core/logger';
import type { LinkhopPlugin } from '../../app/plugin-api';
import type { Plan } from '../../core/plans';
import { setupPlugins } from '../../app/plugins';
import { checkResponse } from './contract';
import { createTestDatabase, TEST_REDIS_URL } from './db';
import { deleteRedisPrefix } from './redis';

export const SITE_URL = 'http://linkhop.test';
export const DEFAULT_DOMAIN = 'go.linkhop.test';
/** as long as the operator token must be (MIN_ADMIN_TOKEN_LENGTH) */
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  config: Config;
  /** JSON request to the API (path relative to /api), as a client with `key` would send it; the response must match the served OpenAPI document */
  api<T = any>(method: string, path: string, opts?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  /** a raw request through the server's handler (short links take its lane), default host = the default short domain, redirects not followed */
  request(path: string, init?: RequestInit & { host?: string }): Promise<Response>;
  /** operator bootstrap: a new user owning a new workspace on `plan` */
  bootstrap(opts?: { email?: string; plan?: Plan; name?: string; workspace?: string }): Promise<{ userId: string; workspaceId: string; key: string }>;
  /** listen on a real socket (cookies, browsers, other processes); `port` 0 (the default) takes a free one */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * The click spool's reserve of the apps and processes tests start, in MB: every one writes it at
 * start, and the default (256 MB) would write gigabytes over a suite run. Still a reserve, so that
 * the code that takes and releases it runs everywhere.
 */
export const TEST_SPOOL_RESERVE = { CLICK_SPOOL_RESERVE_MB: '1' };

/**
 * One app per test file with its own database and Redis prefix. Uses TEST_DATABASE_URL /
 * TEST_REDIS_URL when set (CI), else the embedded default. `plugins` are set up as `PLUGINS` would
 * (a team tests its own plugin this way: `startTestApp({ plugins: [myPlugin] })`). `log`: a logger of the test's
 * own, to read what the app logs. `database`: a migrated database of the test's own instead of a new one.
 */
export async function startTestApp(
  opts: { env?: Record<string, string>; config?: Partial<Config>; redis?: boolean; plugins?: LinkhopPlugin[]; log?: Logger; database?: Database } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const useRedis = opts.redis !== false && TEST_REDIS_URL;
  const prefix = `lht:${process.pid}:${Date.now().toString(36)}:${counter++}`;
  // the database is given; DATA_DIR holds this app's click spool
  const dataDir = mkdtempSync(join(tmpdir(), 'lh-test-data-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      ...TEST_SPOOL_RESERVE,
      SITE_URL,
      DEFAULT_DOMAIN,
      ADMIN_TOKEN,
      SECRETS_KEY: process.env.SECRETS_KEY!,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      ...(useRedis ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix } : {}),
      ...opts.env,
    },
    opts.config,
  );
  const deps = await createDeps(config, { database, log: opts.log });
  const plugins = await setupPlugins(
    deps,
    (opts.plugins ?? []).map((plugin) => ({ plugin, from: 'startTestApp' })),
    { schedule: true },
  );
  const app = createApp(deps, plugins);
  // as app/server.ts does: repeating jobs scheduled, the click spool replayed
  startModules(deps);
  const fetch = createFetch(deps, app);
  let server: ReturnType<typeof listen> | undefined;
  let document: Promise<string> | undefined;
  const documentText = () => (document ??= app.handle(new Request(`${SITE_URL}/api/openapi.json`)).then((r) => r.text()));

  const testApp: TestApp = {
    app,
    deps,
    config,
    async api(method, path, { key, body, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...(key ? { 'x-api-key': key } : {}), ...headers } };
      if (body instanceof FormData) init.body = body;
      else if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
      const res = await app.handle(new Request(`${SITE_URL}/api${path}`, init));
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      checkResponse(await documentText(), method, `/api${path.split('?')[0]}`, res.status, res.headers.get('content-type'), parsed);
      return { status: res.status, body: parsed, headers: res.headers, text };
    },
    async request(path, init = {}) {
      const host = init.host ?? config.defaultDomain;
      return fetch(new Request(`http://${host}${path}`, { redirect: 'manual', ...init }));
    },
    async bootstrap({ email, plan = 'free', name, workspace } = {}) {
      const res = await testApp.api('POST', '/admin/bootstrap', {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        body: { email: email ?? `user${counter++}-${Math.random().toString(36).slice(2, 8)}@example.com`, plan, name, workspace },
      });
      if (res.status !== 201) throw new Error(`bootstrap failed: ${res.status} ${res.text}`);
      return { userId: res.body.user_id, workspaceId: res.body.workspace_id, key: res.body.api_key };
    },
    async listen(port = 0) {
      server = listen(deps, app, { port, hostname: '127.0.0.1' });
      return `http://127.0.0.1:${server.port}`;
    },
    async close() {
      server?.stop();
      await stopModules(deps);
      await deps.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (useRedis) await deleteRedisPrefix(TEST_REDIS_URL!, prefix);
    },
  };
  return testApp;
}
