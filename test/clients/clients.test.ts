import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createClient as createClientService } from '../../modules/clients/service';
import { ApiError } from '../../core/errors';
import { addClickCounts } from '../../modules/links/click-counts';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
let agency: { userId: string; workspaceId: string; key: string };
beforeAll(async () => {
  t = await startTestApp();
  agency = await t.bootstrap({ plan: 'agency' });
}, 60_000);
afterAll(() => t.close());

const createClient = (body: unknown, key = agency.key, wsId = agency.workspaceId) => t.api('POST', `/workspaces/${wsId}/clients`, { key, body });

test('POST creates a free client workspace under the agency; slug derived from the name; audit client.create', async () => {
  const res = await createClient({ name: 'Acme Corp!' });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ id: expect.any(String), name: 'Acme Corp!', slug: 'acme-corp', plan: 'free', parent_workspace_id: agency.workspaceId });

  const audit = await t.api('GET', `/workspaces/${agency.workspaceId}/audit-log?action=client.create`, { key: agency.key });
  expect(audit.body.entries).toHaveLength(1);
  expect(audit.body.entries[0].user_id).toBe(agency.userId);
  expect(JSON.parse(audit.body.entries[0].details)).toMatchObject({ id: res.body.id, slug: 'acme-corp' });

  // the agency key acts on the client workspace, whose owner is the agency's owner
  const ws = await t.api('GET', `/workspaces/${res.body.id}`, { key: agency.key });
  expect(ws.status).toBe(200);
  expect(ws.body).toMatchObject({ id: res.body.id, plan: 'free', parent_workspace_id: agency.workspaceId });
  const members = await t.api('GET', `/workspaces/${res.body.id}/members`, { key: agency.key });
  expect(members.body.members).toEqual([expect.objectContaining({ id: agency.userId, role: 'owner' })]);

  // the same name again gets a distinct generated slug
  const again = await createClient({ name: 'Acme Corp!' });
  expect(again.status).toBe(201);
  expect(again.body.slug).not.toBe('acme-corp');
  expect(again.body.slug).toStartWith('acme-corp-');
});

test('POST with an explicit slug; 409 when taken; 400 for a bad slug or a missing name', async () => {
  const res = await createClient({ name: 'Beta', slug: 'beta-client' });
  expect(res.status).toBe(201);
  expect(res.body.slug).toBe('beta-client');
  const taken = await createClient({ name: 'Other', slug: 'beta-client' });
  expect(taken.status).toBe(409);
  expect(taken.body.error).toContain('beta-client');

  for (const slug of ['Has Space', 'UPPER', '-lead', 'trail-', 'a/b', '']) {
    const bad = await createClient({ name: 'X', slug });
    expect(bad.status).toBe(400);
  }
  expect((await createClient({})).status).toBe(400);
  const blank = await createClient({ name: '   ' });
  expect(blank.status).toBe(400);
  expect(blank.body.error).toContain('name');
});

test('POST needs the Agency plan (402) and the owner role (403)', async () => {
  for (const plan of ['free', 'pro', 'team'] as const) {
    const ws = await t.bootstrap({ plan });
    const res = await createClient({ name: 'Nope' }, ws.key, ws.workspaceId);
    expect(res.status).toBe(402);
    expect(res.body.error).toContain('Agency');
  }
  const admin = await memberWithKey(t, agency.workspaceId, 'admin', 'agency');
  expect((await createClient({ name: 'Nope' }, admin.key)).status).toBe(403);
  expect((await createClient({ name: 'Nope' }, '')).status).toBe(401);
});

test('GET lists client workspaces with link and click counts (viewer may read)', async () => {
  const parent = await t.bootstrap({ plan: 'agency' });
  const busy = (await createClient({ name: 'Busy' }, parent.key, parent.workspaceId)).body;
  const idle = (await createClient({ name: 'Idle' }, parent.key, parent.workspaceId)).body;
  const linkIds: string[] = [];
  for (const target of ['https://example.com/a', 'https://example.com/b']) {
    const link = await t.api('POST', `/workspaces/${busy.id}/links`, { key: parent.key, body: { target } });
    expect(link.status).toBe(201);
    linkIds.push(link.body.id);
  }
  // what the click worker adds for recorded visits
  await addClickCounts(
    t.deps.db,
    new Map([
      [linkIds[0]!, 5],
      [linkIds[1]!, 2],
    ]),
  );

  const viewer = await memberWithKey(t, parent.workspaceId, 'viewer', 'agency');
  const res = await t.api('GET', `/workspaces/${parent.workspaceId}/clients`, { key: viewer.key });
  expect(res.status).toBe(200);
  expect(res.body.clients).toEqual([
    {
      id: busy.id,
      name: 'Busy',
      slug: 'busy',
      plan: 'free',
      parent_workspace_id: parent.workspaceId,
      link_count: 2,
      click_count: 7,
      created_at: expect.any(String),
    },
    {
      id: idle.id,
      name: 'Idle',
      slug: 'idle',
      plan: 'free',
      parent_workspace_id: parent.workspaceId,
      link_count: 0,
      click_count: 0,
      created_at: expect.any(String),
    },
  ]);
  expect(Date.parse(res.body.clients[0].created_at)).not.toBeNaN();

  // a workspace without clients lists none; another workspace's clients are not visible
  const lone = await t.bootstrap({ plan: 'agency' });
  expect((await t.api('GET', `/workspaces/${lone.workspaceId}/clients`, { key: lone.key })).body).toEqual({ clients: [] });
  expect((await t.api('GET', `/workspaces/${parent.workspaceId}/clients`, { key: lone.key })).status).toBe(404);
});

test('the client count limit of the plan answers 402 (checked in the service; a team plan allows none)', async () => {
  const ws = await t.bootstrap({ plan: 'team' });
  const error = await createClientService(t.deps, { id: ws.workspaceId, plan: 'team' }, ws.userId, { name: 'Over' }).catch((e) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error.status).toBe(402);
  expect(error.message).toContain('Client workspace limit');
  expect((await createClientService(t.deps, { id: agency.workspaceId, plan: 'agency' }, agency.userId, { name: 'Within' })).plan).toBe('free');
});
