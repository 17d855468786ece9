import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import { conversionLeadDays, conversionLeads } from '../../modules/conversions/schema';
import { workspaces } from '../../modules/workspaces/schema';
import { operatorCli } from '../helpers/cli';

const operator = operatorCli();
beforeAll(() => operator.setUp());
afterAll(() => operator.tearDown());
const cli = operator.run;

async function planOf(workspaceId: string) {
  const database = await operator.openDatabase();
  try {
    const [row] = await database.db.select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, workspaceId));
    return row?.plan;
  } finally {
    await database.close();
  }
}

test('bootstrap prints {user_id, workspace_id, api_key}; plan changes the plan', async () => {
  const boot = cli('bootstrap', '--email', 'Ops@Example.com', '--name', 'Ops', '--workspace', 'Ops HQ', '--plan', 'pro');
  expect(boot.code).toBe(0);
  const out = JSON.parse(boot.out);
  expect(Object.keys(out).sort()).toEqual(['api_key', 'user_id', 'workspace_id']);
  expect(out.api_key).toMatch(/^lh_/);
  expect(await planOf(out.workspace_id)).toBe('pro');

  const plan = cli('plan', out.workspace_id, 'agency');
  expect(plan.code).toBe(0);
  expect(JSON.parse(plan.out)).toEqual({ ok: true });
  expect(await planOf(out.workspace_id)).toBe('agency');

  // the same user bootstraps a second workspace
  const again = JSON.parse(cli('bootstrap', '--email', 'ops@example.com').out);
  expect(again.user_id).toBe(out.user_id);
  expect(again.workspace_id).not.toBe(out.workspace_id);
}, 120_000);

test('bad input: clear JSON error and a non-zero exit', () => {
  const noEmail = cli('bootstrap');
  expect(noEmail.code).toBe(2);
  expect(JSON.parse(noEmail.err).error).toContain('email');
  const badPlan = cli('plan', 'nope', 'gold');
  expect(badPlan.code).toBe(2);
  expect(JSON.parse(badPlan.err).error).toContain('Invalid plan');
  const unknown = cli('frobnicate');
  expect(unknown.code).toBe(2);
  expect(unknown.err).toContain('usage');
}, 120_000);

test('api-key mints a key for an existing member (the member role by default, never above it), audited', async () => {
  const boot = JSON.parse(cli('bootstrap', '--email', 'lost@example.com', '--plan', 'pro').out);
  const minted = cli('api-key', '--email', 'LOST@example.com', '--workspace', boot.workspace_id, '--role', 'viewer');
  expect(minted.code).toBe(0);
  const key = JSON.parse(minted.out);
  expect(key).toEqual({
    id: expect.any(String),
    name: 'Operator key',
    role: 'viewer',
    key: expect.stringMatching(/^lh_/),
    workspace_id: boot.workspace_id,
    user_id: boot.user_id,
  });
  expect(JSON.parse(cli('api-key', '--email', 'lost@example.com', '--workspace', boot.workspace_id).out).role).toBe('owner');

  const stranger = cli('api-key', '--email', 'nobody@example.com', '--workspace', boot.workspace_id);
  expect(stranger.code).toBe(2);
  expect(JSON.parse(stranger.err).error).toBe('User not found');
  const badRole = cli('api-key', '--email', 'lost@example.com', '--workspace', boot.workspace_id, '--role', 'god');
  expect(JSON.parse(badRole.err).error).toContain('Invalid role');
}, 120_000);

test('worker: an unknown queue is an error listing the valid ones', () => {
  const redis = process.env.TEST_REDIS_URL;
  const proc = Bun.spawnSync([process.execPath, 'app/workers/main.ts', 'click'], {
    env: { ...process.env, REDIS_URL: redis ?? '', LOG_LEVEL: 'silent' },
    cwd: join(import.meta.dir, '../..'),
    timeout: 30_000,
  });
  expect(proc.exitCode).toBe(2);
  // without Redis there are no worker processes at all (jobs run in the server), which it says
  expect(proc.stderr.toString()).toContain(
    redis ? 'Unknown queue click: the queues are analytics, clicks, mail, monitoring, webhooks' : 'Workers need REDIS_URL',
  );
}, 60_000);

test("rebuild-conversions recomputes a workspace's conversion rollups from its leads; an unknown workspace is a 404", async () => {
  const boot = JSON.parse(cli('bootstrap', '--email', 'rollups@example.com', '--plan', 'pro').out);
  const at = new Date('2026-05-04T10:00:00Z');
  const database = await operator.openDatabase();
  try {
    const lead = { workspaceId: boot.workspace_id, linkId: 'l1', clickId: 'c', clickedAt: at, eventName: 'Sign up', createdAt: at };
    await database.db.insert(conversionLeads).values([
      { ...lead, id: 'lead-a', customerId: 'a' },
      { ...lead, id: 'lead-b', customerId: 'b' },
    ]);
  } finally {
    await database.close();
  }
  const rebuilt = cli('rebuild-conversions', boot.workspace_id);
  expect([rebuilt.code, rebuilt.err]).toEqual([0, '']);
  expect(JSON.parse(rebuilt.out)).toEqual({ rebuilt: boot.workspace_id });
  const after = await operator.openDatabase();
  try {
    expect(await after.db.select().from(conversionLeadDays).where(eq(conversionLeadDays.workspaceId, boot.workspace_id))).toEqual([
      { workspaceId: boot.workspace_id, linkId: 'l1', day: '2026-05-04', leads: 2 },
    ]);
  } finally {
    await after.close();
  }
  const unknown = cli('rebuild-conversions', 'nope');
  expect(unknown.code).toBe(2);
  expect(JSON.parse(unknown.err).error).toBe('Workspace not found');
}, 120_000);
