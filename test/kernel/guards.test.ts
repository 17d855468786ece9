import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { featureMessage, PLANS, ROLES, type Plan, type Role } from '../../core/plans';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
let workspaceId: string;
const keys = {} as Record<Role, string>;
beforeAll(async () => {
  t = await startTestApp();
  const owner = await t.bootstrap({ plan: 'team' });
  workspaceId = owner.workspaceId;
  keys.owner = owner.key;
  for (const role of ['admin', 'editor', 'viewer'] as const) keys[role] = (await memberWithKey(t, workspaceId, role, 'team')).key;
});
afterAll(() => t.close());

/** Endpoint → minimum role (the spec's, and the route's `access` declaration where the spec leaves it open). Requests are valid, so only the guard decides. */
const ENDPOINTS: { name: string; min: Role; call: (key: string) => Promise<number> }[] = [
  { name: 'GET workspace', min: 'viewer', call: async (key) => (await t.api('GET', `/workspaces/${workspaceId}`, { key })).status },
  { name: 'PATCH workspace', min: 'owner', call: async (key) => (await t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { ga_id: 'G-1' } })).status },
  { name: 'GET audit-log', min: 'admin', call: async (key) => (await t.api('GET', `/workspaces/${workspaceId}/audit-log`, { key })).status },
  {
    name: 'POST api-keys',
    min: 'admin',
    call: async (key) => (await t.api('POST', `/workspaces/${workspaceId}/api-keys`, { key, body: { role: 'viewer' } })).status,
  },
  { name: 'GET api-keys', min: 'admin', call: async (key) => (await t.api('GET', `/workspaces/${workspaceId}/api-keys`, { key })).status },
];

describe('role guard: every role × endpoint', () => {
  for (const endpoint of ENDPOINTS) {
    for (const role of ROLES) {
      const allowed = ROLES.indexOf(role) >= ROLES.indexOf(endpoint.min);
      test(`${endpoint.name} as ${role} → ${allowed ? '2xx' : 403}`, async () => {
        const status = await endpoint.call(keys[role]);
        if (allowed) expect(status).toBeLessThan(300);
        else expect(status).toBe(403);
      });
    }
  }
});

test('a key never acts in a workspace it does not belong to: 404', async () => {
  const stranger = await t.bootstrap();
  expect((await t.api('GET', `/workspaces/${workspaceId}`, { key: stranger.key })).status).toBe(404);
  expect((await t.api('GET', `/workspaces/${stranger.workspaceId}`, { key: keys.owner })).status).toBe(404);
  expect((await t.api('GET', '/workspaces/does-not-exist', { key: keys.owner })).status).toBe(404);
});

test("a key's role is capped by the user's current membership", async () => {
  const { key } = await memberWithKey(t, workspaceId, 'viewer', 'team');
  // the key was made with the viewer role: it cannot do admin things even if the user is promoted later
  expect((await t.api('GET', `/workspaces/${workspaceId}/audit-log`, { key })).status).toBe(403);
});

describe('plan gates: 402 below the feature plan, with the plan named', () => {
  const GATES: { name: string; feature: 'governance' | 'retargeting_scripts'; body: Record<string, unknown> }[] = [
    { name: 'governance', feature: 'governance', body: { governance: { require_title: true } } },
    { name: 'retargeting scripts', feature: 'retargeting_scripts', body: { retargeting_scripts: ['https://cdn.example.com/px.js'] } },
  ];
  for (const gate of GATES) {
    for (const plan of PLANS) {
      const allowed = plan === 'team' || plan === 'agency';
      test(`${gate.name} on ${plan} → ${allowed ? 200 : 402}`, async () => {
        const ws = await t.bootstrap({ plan: plan as Plan });
        const res = await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: gate.body });
        expect(res.status).toBe(allowed ? 200 : 402);
        if (!allowed) expect(res.body.error).toBe(featureMessage(gate.feature));
      });
    }
  }
});
