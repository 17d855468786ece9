import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
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
