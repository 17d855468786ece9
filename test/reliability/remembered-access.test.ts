import { afterAll, beforeAll, expect, test } from 'bun:test';
import { spawn } from 'bun';
import type { Database } from '../../core/db';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';
import { bootstrapOver, startApiProcess, startWorkerProcess, waitFor, type ApiProcess, type ChildProcess } from '../helpers/processes';
import { deleteRedisPrefix } from '../helpers/redis';

/**
 * The API remembers, in each process, what every request reads: the workspace and the caller's
 * role (access check) and the workspace's active webhooks (every link event). Each write that
 * changes them drops the copies in every process before it answers. Proved here across two API
 * processes (A writes, B serves the next request at once) and from the operator CLI.
 */
const enabled = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!enabled) console.warn('remembered-access.test.ts skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL (two API processes sharing PostgreSQL and Redis)');

let database: Database & { url?: string };
let certs: TestCerts;
let receiver: HttpsReceiver;
let a: ApiProcess;
let b: ApiProcess;
let worker: ChildProcess;
let env: { databaseUrl: string; redisUrl: string; redisPrefix: string; WEBHOOK_ALLOW_PRIVATE: string; WEBHOOK_CA_FILE: string };

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestDatabase();
  certs = makeTestCerts();
  receiver = startHttpsReceiver(certs);
  env = {
    databaseUrl: database.url!,
    redisUrl: TEST_REDIS_URL!,
    redisPrefix: `lht:remembered:${crypto.randomUUID().slice(0, 8)}`,
    // the receiver is on loopback with a test CA
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_CA_FILE: certs.caFile,
  };
  [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  worker = await startWorkerProcess(env, ['webhooks']);
}, 60_000);

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([a, b, worker].map((p) => p?.stop()));
  receiver?.close();
  certs?.remove();
  await deleteRedisPrefix(TEST_REDIS_URL!, env.redisPrefix);
  await database?.close();
});

/** A member with `role` through the real invite + accept flow (over A). */
async function join(owner: { workspaceId: string; key: string }, role: string) {
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const invite = await a.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email, role } });
  expect(invite.status).toBe(201);
  const accepted = await a.api('POST', `/invites/${invite.body.token}/accept`, { body: {} });
  expect(accepted.status).toBe(200);
  return { userId: accepted.body.user_id as string, key: accepted.body.api_key as string };
}

const createOver = (api: ApiProcess, ws: { workspaceId: string }, key: string, target = 'https://example.com/remembered') =>
  api.api('POST', `/workspaces/${ws.workspaceId}/links`, { key, body: { target } });

test.skipIf(!enabled)(
  'a role lowered or a member removed through A holds on the very next request through B',
  async () => {
    const owner = await bootstrapOver(a);
    const member = await join(owner, 'editor');
    // B has seen the workspace and the editor's role
    expect((await createOver(b, owner, member.key)).status).toBe(201);
    expect((await createOver(b, owner, member.key)).status).toBe(201);

    expect((await a.api('PATCH', `/workspaces/${owner.workspaceId}/members/${member.userId}`, { key: owner.key, body: { role: 'viewer' } })).status).toBe(200);
    const asViewer = await createOver(b, owner, member.key);
    expect(asViewer.status).toBe(403);
    expect(asViewer.body.error).toContain('editor');
    expect((await b.api('GET', `/workspaces/${owner.workspaceId}/links`, { key: member.key })).status).toBe(200);

    expect((await a.api('PATCH', `/workspaces/${owner.workspaceId}/members/${member.userId}`, { key: owner.key, body: { role: 'editor' } })).status).toBe(200);
    expect((await createOver(b, owner, member.key)).status).toBe(201);

    expect((await a.api('DELETE', `/workspaces/${owner.workspaceId}/members/${member.userId}`, { key: owner.key })).status).toBe(200);
    expect((await b.api('GET', `/workspaces/${owner.workspaceId}/links`, { key: member.key })).status).toBe(404);
    expect((await createOver(b, owner, member.key)).status).toBe(404);
  },
  30_000,
);

test.skipIf(!enabled)(
  'a plan changed by the operator CLI (its own process) holds on the next request through A and B',
  async () => {
    const owner = await bootstrapOver(a, 'pro');
    const webhook = { name: 'plan', url: `${receiver.origin}/plan`, events: ['link.created'] };
    // both processes have seen the workspace on Pro
    for (const api of [a, b]) expect((await api.api('GET', `/workspaces/${owner.workspaceId}/links`, { key: owner.key })).status).toBe(200);

    const cli = spawn([process.execPath, 'app/cli.ts', 'plan', owner.workspaceId, 'free'], {
      env: {
        ...(process.env as Record<string, string>),
        DATABASE_URL: env.databaseUrl,
        REDIS_URL: env.redisUrl,
        REDIS_PREFIX: env.redisPrefix,
        LOG_LEVEL: 'warn',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    expect(await cli.exited).toBe(0);
    for (const api of [a, b]) {
      const refused = await api.api('POST', `/workspaces/${owner.workspaceId}/webhooks`, { key: owner.key, body: webhook });
      expect(refused.status).toBe(402);
    }
  },
  30_000,
);

test.skipIf(!enabled)(
  'a webhook created or paused through A is honoured by the next event through B',
  async () => {
    const owner = await bootstrapOver(a, 'pro');
    // B remembers that the workspace has no webhook
    expect((await createOver(b, owner, owner.key, 'https://example.com/before-hook')).status).toBe(201);

    const hook = await a.api('POST', `/workspaces/${owner.workspaceId}/webhooks`, {
      key: owner.key,
      body: { name: 'remembered', url: `${receiver.origin}/remembered`, events: ['link.created'] },
    });
    expect(hook.status).toBe(201);
    const delivered = await createOver(b, owner, owner.key, 'https://example.com/after-hook');
    expect(delivered.status).toBe(201);
    const deliveriesOf = (linkId: string) => receiver.received.filter((r) => r.path === '/remembered' && JSON.parse(r.body).data.id === linkId);
    await waitFor(() => deliveriesOf(delivered.body.id).length === 1, 10_000, 'link.created delivered for the link created through B');

    expect((await a.api('PATCH', `/workspaces/${owner.workspaceId}/webhooks/${hook.body.id}`, { key: owner.key, body: { active: false } })).status).toBe(200);
    const paused = await createOver(b, owner, owner.key, 'https://example.com/while-paused');
    expect(paused.status).toBe(201);
    const resumed = await a.api('PATCH', `/workspaces/${owner.workspaceId}/webhooks/${hook.body.id}`, { key: owner.key, body: { active: true } });
    expect(resumed.status).toBe(200);
    const after = await createOver(b, owner, owner.key, 'https://example.com/after-resume');
    // the event after the resume arrives; the one while paused never does (it was dropped, not queued)
    await waitFor(() => deliveriesOf(after.body.id).length === 1, 10_000, 'link.created delivered after the resume');
    expect(deliveriesOf(paused.body.id)).toHaveLength(0);
  },
  30_000,
);

test.skipIf(!enabled)(
  'an agency deleted through A: its key answers 401 through B at once, and its former clients stay out of reach',
  async () => {
    const agency = await bootstrapOver(a, 'agency');
    const client = await a.api('POST', `/workspaces/${agency.workspaceId}/clients`, { key: agency.key, body: { name: 'Client of a deleted agency' } });
    expect(client.status).toBe(201);
    const clientLinks = `/workspaces/${client.body.id}/links`;
    // B remembers the client workspace with the agency as its parent (and the agency's key)
    expect((await b.api('GET', clientLinks, { key: agency.key })).status).toBe(200);
    expect((await a.api('DELETE', `/workspaces/${agency.workspaceId}`, { key: agency.key })).status).toBe(200);
    // B had the key cached: it is dropped with the workspace, on every route, also those needing no workspace
    expect((await b.api('GET', clientLinks, { key: agency.key })).status).toBe(401);
    expect((await b.api('POST', clientLinks, { key: agency.key, body: { target: 'https://example.com/orphan' } })).status).toBe(401);
    expect((await b.api('POST', '/workspaces', { key: agency.key, body: { name: 'Made with a deleted key' } })).status).toBe(401);
  },
  30_000,
);
