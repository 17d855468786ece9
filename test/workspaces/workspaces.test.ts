import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { PLAN_LIMITS } from '../../core/plans';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /workspaces', () => {
  test('creates a free workspace owned by the caller, with a first owner key', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const res = await t.api('POST', '/workspaces', { key: me.key, body: { name: '  Marketing  ' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Marketing', plan: 'free', slug: 'marketing' });
    expect(res.body.api_key).toMatch(/^lh_[A-Za-z0-9]{40}$/);
    const ws = await t.api('GET', `/workspaces/${res.body.id}`, { key: res.body.api_key });
    expect(ws.status).toBe(200);
    expect(ws.body).toMatchObject({ id: res.body.id, name: 'Marketing', plan: 'free', member_count: 1, parent_workspace_id: null });
    const list = await t.api('GET', '/workspaces', { key: me.key });
    expect(list.body.workspaces.map((w: any) => [w.name, w.role, w.member_count])).toContainEqual(['Marketing', 'owner', 1]);
    for (const item of list.body.workspaces) expect(Object.keys(item).sort()).toEqual(['created_at', 'id', 'member_count', 'name', 'plan', 'role']);
  });

  test('400 when the name is missing or blank', async () => {
    const me = await t.bootstrap();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 42 }]) {
      const res = await t.api('POST', '/workspaces', { key: me.key, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/name/);
    }
  });

  test('403 when the workspace limit of the plan is reached', async () => {
    const me = await t.bootstrap(); // owns one free workspace
    const max = PLAN_LIMITS.ownedWorkspaces.free;
    for (let i = 1; i < max; i++) expect((await t.api('POST', '/workspaces', { key: me.key, body: { name: `W${i}` } })).status).toBe(201);
    const res = await t.api('POST', '/workspaces', { key: me.key, body: { name: 'One too many' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain('Workspace limit');
  });
});

describe('PATCH /workspaces/{wsId}', () => {
  test('updates fields, null clears them, GET shows them', async () => {
    const me = await t.bootstrap({ plan: 'team' });
    const patch = {
      name: 'Renamed',
      ga_id: 'G-123',
      ga_api_secret: 's3cret',
      fb_pixel_id: '987',
      fb_access_token: 'tok',
      retargeting_scripts: ['https://cdn.example.com/pixel.js'],
      default_utm_params: { source: 'newsletter', medium: 'email' },
      governance: { require_utm: true, max_expiry_days: 30, blocked_domains: ['Bad.example'] },
      expired_page_url: 'https://example.com/expired',
    };
    expect((await t.api('PATCH', `/workspaces/${me.workspaceId}`, { key: me.key, body: patch })).body).toEqual({ ok: true });
    const ws = (await t.api('GET', `/workspaces/${me.workspaceId}`, { key: me.key })).body;
    expect(ws).toMatchObject({ ...patch, governance: { require_utm: true, max_expiry_days: 30, blocked_domains: ['bad.example'] } });

    const cleared = { ga_id: null, ga_api_secret: null, retargeting_scripts: null, default_utm_params: null, governance: null, expired_page_url: null };
    expect((await t.api('PATCH', `/workspaces/${me.workspaceId}`, { key: me.key, body: cleared })).status).toBe(200);
    const after = (await t.api('GET', `/workspaces/${me.workspaceId}`, { key: me.key })).body;
    expect(after).toMatchObject({ ga_id: null, ga_api_secret: null, retargeting_scripts: null, default_utm_params: null, expired_page_url: '' });
    expect(after.governance).toBeUndefined();
    expect(after.fb_pixel_id).toBe('987');
  });

  test('secrets are hidden from members below admin', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    await t.api('PATCH', `/workspaces/${me.workspaceId}`, { key: me.key, body: { ga_api_secret: 'abc', fb_access_token: 'def' } });
    const viewer = await memberWithKey(t, me.workspaceId, 'viewer');
    const ws = (await t.api('GET', `/workspaces/${me.workspaceId}`, { key: viewer.key })).body;
    expect([ws.ga_api_secret, ws.fb_access_token]).toEqual(['********', '********']);
    expect(JSON.stringify(ws)).not.toContain('abc');
  });

  const INVALID: [string, Record<string, unknown>, RegExp][] = [
    ['no updates', {}, /No updates/],
    ['only unknown fields (they are ignored)', { colour: 'red' }, /No updates/],
    ['empty name', { name: '' }, /name/],
    ['retargeting script not a URL', { retargeting_scripts: ['javascript:alert(1)'] }, /retargeting script URL/],
    ['retargeting scripts not an array', { retargeting_scripts: 'https://x.example/a.js' }, /retargeting_scripts/],
    ['max_expiry_days zero', { governance: { max_expiry_days: 0 } }, /max_expiry_days/],
    ['max_expiry_days fractional', { governance: { max_expiry_days: 1.5 } }, /max_expiry_days/],
    ['max_expiry_days string', { governance: { max_expiry_days: '3' } }, /max_expiry_days/],
    ['domains not an array', { governance: { blocked_domains: 'a.com' } }, /blocked_domains/],
    ['domains not strings', { governance: { allowed_domains: [1, 2] } }, /allowed_domains/],
    ['both domain lists', { governance: { blocked_domains: ['a.com'], allowed_domains: ['b.com'] } }, /mutually exclusive/],
    ['governance not an object', { governance: 'strict' }, /governance/],
    ['expired page not http(s)', { expired_page_url: 'ftp://x.example/' }, /expired_page_url/],
    ['utm value not a string', { default_utm_params: { source: 5 } }, /default_utm_params/],
  ];
  for (const [name, body, message] of INVALID) {
    test(`400: ${name}`, async () => {
      const me = await t.bootstrap({ plan: 'agency' });
      const res = await t.api('PATCH', `/workspaces/${me.workspaceId}`, { key: me.key, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });
  }

  test('only the owner may PATCH or DELETE; 404 for unknown workspaces', async () => {
    const me = await t.bootstrap();
    const admin = await memberWithKey(t, me.workspaceId, 'admin');
    expect((await t.api('PATCH', `/workspaces/${me.workspaceId}`, { key: admin.key, body: { name: 'x' } })).status).toBe(403);
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}`, { key: admin.key })).status).toBe(403);
    expect((await t.api('GET', '/workspaces/01234567-0000-7000-8000-000000000000', { key: me.key })).status).toBe(404);
  });
});

describe('DELETE /workspaces/{wsId}', () => {
  test('removes the workspace with its members, keys and audit log in one transaction', async () => {
    const me = await t.bootstrap();
    const viewer = await memberWithKey(t, me.workspaceId, 'viewer');
    await t.api('PATCH', `/workspaces/${me.workspaceId}`, { key: me.key, body: { name: 'Doomed' } });
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}`, { key: me.key })).body).toEqual({ ok: true });
    const { sql } = await import('drizzle-orm');
    for (const table of ['workspaces', 'memberships', 'api_keys', 'audit_log']) {
      const column = table === 'workspaces' ? 'id' : 'workspace_id';
      const rows = await t.deps.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${column} = '${me.workspaceId}'`));
      expect({ table, n: (rows as any)[0]?.n ?? (rows as any).rows?.[0]?.n }).toEqual({ table, n: 0 });
    }
    expect((await t.api('GET', `/workspaces/${me.workspaceId}`, { key: viewer.key })).status).toBe(401);
  });
});
