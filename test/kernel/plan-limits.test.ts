import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { CountedResource } from '../../core/plan-limits';
import { PLAN_LIMITS, type Plan } from '../../core/plans';
import { apiKeys } from '../../modules/api-keys/schema';
import { domains } from '../../modules/domains/schema';
import { countPendingInvites } from '../../modules/invites/service';
import { memberships } from '../../modules/members/schema';
import { portfolios } from '../../modules/portfolios/schema';
import { tags } from '../../modules/tags/schema';
import { templates } from '../../modules/templates/schema';
import { webhooks } from '../../modules/webhooks/schema';
import { workspaces } from '../../modules/workspaces/schema';
import { listWorkspacesOfUser } from '../../modules/workspaces/service';
import { startTestApp, type ApiResponse, type TestApp } from '../helpers/app';

// Every counted resource: at limit − 1, twenty creates sent at once let exactly one through. On
// PostgreSQL the requests really run side by side over the pool; without the lock several pass.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

type Owner = Awaited<ReturnType<TestApp['bootstrap']>>;
const CONCURRENT = 20;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

interface Case {
  resource: CountedResource;
  plan: Plan;
  /** brings the workspace (or its owner) from its bootstrap state to limit − 1 */
  fill(owner: Owner, upTo: number): Promise<unknown>;
  create(owner: Owner, i: number): Promise<ApiResponse>;
  /** what is counted against the limit, read from the database */
  used(owner: Owner): Promise<number>;
  created?: number;
  refused?: number;
}

/** `n` creates through the API, one after the other, each expected to succeed */
async function each(n: number, create: (i: number) => Promise<ApiResponse>, status = 201) {
  for (let i = 0; i < n; i++) expect((await create(i)).status).toBe(status);
}

const post = (owner: Owner, path: string, body: unknown) => t.api('POST', `/workspaces/${owner.workspaceId}${path}`, { key: owner.key, body });
const count = (owner: Owner, table: typeof domains | typeof portfolios | typeof templates | typeof webhooks | typeof tags | typeof apiKeys) =>
  t.deps.db.$count(table, eq(table.workspaceId, owner.workspaceId));

const CASES: Case[] = [
  {
    resource: 'customDomains',
    plan: 'pro',
    fill: (o, n) => each(n, () => post(o, '/domains', { domain: `fill-${unique()}.example.com` })),
    create: (o) => post(o, '/domains', { domain: `race-${unique()}.example.com` }),
    used: (o) => count(o, domains),
  },
  {
    resource: 'portfolios',
    plan: 'pro',
    fill: (o, n) => each(n, (i) => post(o, '/portfolios', { name: `Fill ${i}` })),
    create: (o, i) => post(o, '/portfolios', { name: `Race ${i}` }),
    used: (o) => count(o, portfolios),
  },
  {
    resource: 'templates',
    plan: 'pro',
    fill: (o, n) => each(n, (i) => post(o, '/templates', { name: `Fill ${i}`, config: {} })),
    create: (o, i) => post(o, '/templates', { name: `Race ${i}`, config: {} }),
    used: (o) => count(o, templates),
  },
  {
    resource: 'webhooks',
    plan: 'pro',
    fill: (o, n) => each(n, (i) => post(o, '/webhooks', { name: `Fill ${i}`, url: 'https://93.184.216.34/hook', events: ['link.created'] })),
    create: (o, i) => post(o, '/webhooks', { name: `Race ${i}`, url: 'https://93.184.216.34/hook', events: ['link.created'] }),
    used: (o) => count(o, webhooks),
  },
  {
    // a tag counts once it has metadata; PUT answers 200 whether it creates or updates
    resource: 'tags',
    plan: 'free',
    fill: (o, n) => t.deps.db.insert(tags).values(Array.from({ length: n }, (_, i) => ({ workspaceId: o.workspaceId, name: `fill-${i}` }))),
    create: (o, i) => t.api('PUT', `/workspaces/${o.workspaceId}/links/tags/race-${i}`, { key: o.key, body: { color: '#1a73e8' } }),
    used: (o) => count(o, tags),
    created: 200,
  },
  {
    // the bootstrap made the owner key
    resource: 'apiKeys',
    plan: 'free',
    fill: (o, n) => each(n - 1, (i) => post(o, '/api-keys', { name: `Fill ${i}` })),
    create: (o, i) => post(o, '/api-keys', { name: `Race ${i}` }),
    used: (o) => count(o, apiKeys),
  },
  {
    resource: 'clientWorkspaces',
    plan: 'agency',
    fill: (o, n) => {
      const client = (i: number) => ({ id: `fill-${unique()}`, name: `Fill ${i}`, slug: `fill-${i}-${unique()}`, parentWorkspaceId: o.workspaceId });
      return t.deps.db.insert(workspaces).values(Array.from({ length: n }, (_, i) => client(i)));
    },
    create: (o, i) => post(o, '/clients', { name: `Race ${i}` }),
    used: (o) => t.deps.db.$count(workspaces, eq(workspaces.parentWorkspaceId, o.workspaceId)),
  },
  {
    // seats are members plus pending invites; the owner holds one
    resource: 'members',
    plan: 'free',
    fill: (o, n) => each(n - 1, (i) => post(o, '/invites', { email: `fill-${i}-${unique()}@example.com` })),
    create: (o, i) => post(o, '/invites', { email: `race-${i}-${unique()}@example.com` }),
    used: async (o) =>
      (await t.deps.db.$count(memberships, eq(memberships.workspaceId, o.workspaceId))) + (await countPendingInvites(t.deps.db, o.workspaceId)),
  },
  {
    // counted per user (the bootstrap's workspace is one); the spec answers 403
    resource: 'ownedWorkspaces',
    plan: 'free',
    fill: (o, n) => each(n - 1, (i) => t.api('POST', '/workspaces', { key: o.key, body: { name: `Fill ${i}` } })),
    create: (o, i) => t.api('POST', '/workspaces', { key: o.key, body: { name: `Race ${i}` } }),
    used: async (o) => (await listWorkspacesOfUser(t.deps.db, o.userId)).filter((w) => w.role === 'owner').length,
    refused: 403,
  },
];

describe('plan limits hold under concurrent creates', () => {
  for (const c of CASES) {
    const limit = PLAN_LIMITS[c.resource][c.plan];
    test(`${c.resource}: at ${limit - 1} of ${limit} on ${c.plan}, ${CONCURRENT} concurrent creates → exactly one succeeds`, async () => {
      const owner = await t.bootstrap({ plan: c.plan });
      await c.fill(owner, limit - 1);
      expect(await c.used(owner)).toBe(limit - 1);

      const results = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => c.create(owner, i)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === (c.created ?? 201))).toHaveLength(1);
      expect(statuses.filter((s) => s === (c.refused ?? 402))).toHaveLength(CONCURRENT - 1);
      expect(results.find((r) => r.status === (c.refused ?? 402))!.body.error).toMatch(/limit reached/);
      expect(await c.used(owner)).toBe(limit);
    }, 60_000);
  }
});
