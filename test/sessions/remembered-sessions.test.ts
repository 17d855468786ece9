import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { ADMIN_TOKEN, SITE_URL } from '../helpers/app';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { bootstrapOver, startApiProcess, type ApiProcess } from '../helpers/processes';
import { deleteRedisPrefix } from '../helpers/redis';
import { cookiePair, tokenIn, uniqueEmail } from './helpers';

/**
 * Open sessions across API processes (test/reliability/remembered-access.test.ts's pattern): a role
 * lowered or raised, a member removed, "sign out everywhere" or a deleted user, written through A
 * (or straight in the database), hold on the very next request through B.
 */
const enabled = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!enabled) console.warn('remembered-sessions.test.ts skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL (two API processes sharing PostgreSQL and Redis)');

let database: Database & { url?: string };
let a: ApiProcess;
let b: ApiProcess;
let redisPrefix: string;

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestDatabase();
  redisPrefix = `lht:sessions:${crypto.randomUUID().slice(0, 8)}`;
  const env = { databaseUrl: database.url!, redisUrl: TEST_REDIS_URL!, redisPrefix };
  [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
}, 60_000);

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([a, b].map((p) => p?.stop()));
  await deleteRedisPrefix(TEST_REDIS_URL!, redisPrefix);
  await database?.close();
});

const siteHost = new URL(SITE_URL).host;

/** A session opened through A: the operator's login link, then POST /api/session. */
async function signInOver(api: ApiProcess, email: string) {
  const link = await api.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email } });
  expect(link.status).toBe(200);
  const res = await fetch(`${api.url}/api/session`, {
    method: 'POST',
    headers: { host: siteHost, 'content-type': 'application/json' },
    body: JSON.stringify({ token: tokenIn(link.body.url) }),
  });
  expect(res.status).toBe(200);
  const body: any = await res.json();
  return { cookie: cookiePair(res.headers.get('set-cookie')!), csrf: body.csrf_token as string };
}

const withSession = (s: { cookie: string; csrf: string }) => ({ headers: { cookie: s.cookie, 'x-csrf-token': s.csrf } });

test.skipIf(!enabled)(
  'a role lowered or raised, or a member removed, through A holds for the session on the very next request through B',
  async () => {
    const owner = await bootstrapOver(a);
    const email = uniqueEmail('editor');
    const invite = await a.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email, role: 'editor' } });
    const accepted = await a.api('POST', `/invites/${invite.body.token}/accept`, { body: {} });
    expect(accepted.status).toBe(200);
    const session = await signInOver(a, email);
    const create = () =>
      b.api('POST', `/workspaces/${owner.workspaceId}/links`, { ...withSession(session), body: { target: 'https://example.com/two-processes' } });
    // B has seen the workspace and the editor's role
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(201);

    const setRole = (role: string) => a.api('PATCH', `/workspaces/${owner.workspaceId}/members/${accepted.body.user_id}`, { key: owner.key, body: { role } });
    expect((await setRole('viewer')).status).toBe(200);
    expect((await create()).status).toBe(403);
    expect((await setRole('editor')).status).toBe(200);
    expect((await create()).status).toBe(201);
    expect((await a.api('DELETE', `/workspaces/${owner.workspaceId}/members/${accepted.body.user_id}`, { key: owner.key })).status).toBe(200);
    expect((await create()).status).toBe(404);
    expect((await b.api('GET', `/workspaces/${owner.workspaceId}/links`, withSession(session))).status).toBe(404);
  },
  30_000,
);

test.skipIf(!enabled)(
  'sign out everywhere through A, and a deleted user, end the sessions through B at once',
  async () => {
    const email = uniqueEmail('person');
    const owner = await a.api('POST', '/admin/bootstrap', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email } });
    const first = await signInOver(a, email);
    const second = await signInOver(b, email);
    expect((await b.api('GET', '/session', withSession(second))).status).toBe(200);
    expect((await a.api('DELETE', '/session/all', withSession(first))).status).toBe(200);
    expect((await b.api('GET', '/session', withSession(second))).status).toBe(401);
    expect((await b.api('GET', `/workspaces/${owner.body.workspace_id}/links`, withSession(second))).status).toBe(401);

    const third = await signInOver(a, email);
    expect((await b.api('GET', `/workspaces/${owner.body.workspace_id}/links`, withSession(third))).status).toBe(200);
    await database.db.execute(sql`delete from users where id = ${owner.body.user_id}`);
    expect((await b.api('GET', '/session', withSession(third))).status).toBe(401);
    expect((await a.api('GET', '/workspaces', withSession(third))).status).toBe(401);
  },
  30_000,
);
