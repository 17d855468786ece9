import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { PLAN_LIMITS } from '../../core/plans';
import { DEFAULT_DOMAIN, startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function pro(plan: 'pro' | 'team' = 'pro') {
  const me = await t.bootstrap({ plan });
  const path = `/workspaces/${me.workspaceId}/templates`;
  const create = (body: unknown, key = me.key) => t.api('POST', path, { key, body });
  const link = (body: Record<string, unknown>) => t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body });
  return { ...me, path, create, link };
}

describe('template CRUD', () => {
  test('create, list, get, rename, replace config, delete', async () => {
    const ws = await pro();
    const config = {
      tags: ['news', 'news', 'spring'],
      utm_params: { source: 'nl', medium: 'email' },
      og_title: 'Hello',
      expires_in_days: 7,
      domain: DEFAULT_DOMAIN.toUpperCase(),
    };
    const created = await ws.create({ name: '  Newsletter  ', config });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Newsletter', workspace_id: ws.workspaceId, created_by: ws.userId });
    // stored normalised as a link would be: tags de-duplicated, domain lowercased
    expect(created.body.config).toEqual({
      tags: ['news', 'spring'],
      utm_params: { source: 'nl', medium: 'email' },
      og_title: 'Hello',
      expires_in_days: 7,
      domain: DEFAULT_DOMAIN,
    });
    expect(typeof created.body.id).toBe('string');
    expect(Number.isNaN(Date.parse(created.body.created_at))).toBe(false);
    const id = created.body.id;

    const second = await ws.create({ name: 'Second', config: {} });
    expect(second.status).toBe(201);
    const list = await t.api('GET', ws.path, { key: ws.key });
    expect(list.status).toBe(200);
    expect(list.body.templates.map((x: any) => x.name)).toEqual(['Newsletter', 'Second']);
    expect(Object.keys(list.body.templates[0]).sort()).toEqual(['config', 'created_at', 'created_by', 'id', 'name', 'updated_at', 'workspace_id']);

    const one = await t.api('GET', `${ws.path}/${id}`, { key: ws.key });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body.templates[0]);

    expect((await t.api('PATCH', `${ws.path}/${id}`, { key: ws.key, body: { name: 'Renamed' } })).body).toEqual({ ok: true });
    expect((await t.api('GET', `${ws.path}/${id}`, { key: ws.key })).body).toMatchObject({
      name: 'Renamed',
      config: { og_title: 'Hello', expires_in_days: 7 },
    });
    expect((await t.api('PATCH', `${ws.path}/${id}`, { key: ws.key, body: { config: { og_description: 'Only this' } } })).status).toBe(200);
    expect((await t.api('GET', `${ws.path}/${id}`, { key: ws.key })).body.config).toEqual({ og_description: 'Only this' });

    expect((await t.api('DELETE', `${ws.path}/${id}`, { key: ws.key })).body).toEqual({ ok: true });
    expect((await t.api('GET', `${ws.path}/${id}`, { key: ws.key })).status).toBe(404);
    expect((await t.api('DELETE', `${ws.path}/${id}`, { key: ws.key })).status).toBe(404);
    expect((await t.api('GET', ws.path, { key: ws.key })).body.templates.map((x: any) => x.name)).toEqual(['Second']);
  });

  test('404 for an unknown template or one of another workspace', async () => {
    const ws = await pro();
    const other = await pro();
    const theirs = (await other.create({ name: 'Theirs', config: {} })).body.id;
    for (const id of ['nope', theirs]) {
      expect((await t.api('GET', `${ws.path}/${id}`, { key: ws.key })).status).toBe(404);
      expect((await t.api('PATCH', `${ws.path}/${id}`, { key: ws.key, body: { name: 'x' } })).status).toBe(404);
      const del = await t.api('DELETE', `${ws.path}/${id}`, { key: ws.key });
      expect(del.status).toBe(404);
      expect(del.body.error).toMatch(/Template not found/);
    }
  });

  test('400: name or config missing, name too long, bad config', async () => {
    const ws = await pro();
    const expect400 = async (body: unknown, message: RegExp) => {
      const res = await ws.create(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    };
    await expect400({ config: {} }, /name/);
    await expect400({ name: '   ', config: {} }, /name is required/);
    await expect400({ name: 'x'.repeat(101), config: {} }, /at most 100/);
    expect((await ws.create({ name: 'x'.repeat(100), config: {} })).status).toBe(201);
    await expect400({ name: 'A' }, /config/);
    await expect400({ name: 'A', config: [1] }, /config/);
    await expect400({ name: 'A', config: 'tags' }, /config/);
    await expect400({ name: 'A', config: { target: 'https://example.com/' } }, /unknown field target/);
    await expect400({ name: 'A', config: { slug: 'abc' } }, /unknown field slug/);
    await expect400({ name: 'A', config: { tags: ['Bad Tag'] } }, /^config: Invalid tag/);
    await expect400({ name: 'A', config: { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) } }, /Too many tags/);
    await expect400({ name: 'A', config: { utm_params: { foo: 'x' } } }, /utm_params/);
    await expect400({ name: 'A', config: { og_image: 'javascript:alert(1)' } }, /og_image/);
    await expect400({ name: 'A', config: { og_title: 5 } }, /og_title/);
    await expect400({ name: 'A', config: { domain: 'not-mine.example' } }, /domain/);
    await expect400({ name: 'A', config: { tags: null } }, /must not be null/);
    await expect400({ name: 'A', config: { rules: 'x' } }, /rules/);
    for (const expires_in_days of [0, -1, 1.5, '3', 100_000]) await expect400({ name: 'A', config: { expires_in_days } }, /expires_in_days/);

    const id = (await ws.create({ name: 'B', config: {} })).body.id;
    const none = await t.api('PATCH', `${ws.path}/${id}`, { key: ws.key, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/No updates/);
    expect((await t.api('PATCH', `${ws.path}/${id}`, { key: ws.key, body: { name: 'y'.repeat(101) } })).status).toBe(400);
    expect((await t.api('PATCH', `${ws.path}/${id}`, { key: ws.key, body: { config: { colour: 'red' } } })).status).toBe(400);
    expect((await t.api('GET', `${ws.path}/${id}`, { key: ws.key })).body).toMatchObject({ name: 'B', config: {} });
  });

  test('402 below Pro, at the plan count limit, and for Team-only fields in the config on Pro', async () => {
    const free = await t.bootstrap();
    const res = await t.api('POST', `/workspaces/${free.workspaceId}/templates`, { key: free.key, body: { name: 'A', config: {} } });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatch(/templates need the Pro plan or higher/);
    expect((await t.api('GET', `/workspaces/${free.workspaceId}/templates`, { key: free.key })).status).toBe(402);

    const ws = await pro();
    const max = PLAN_LIMITS.templates.pro;
    for (let i = 0; i < max; i++) expect((await ws.create({ name: `T${i}`, config: {} })).status).toBe(201);
    const over = await ws.create({ name: 'One more', config: {} });
    expect(over.status).toBe(402);
    expect(over.body.error).toMatch(new RegExp(`allows ${max} templates`));

    const ws2 = await pro();
    const routing = await ws2.create({ name: 'Geo', config: { routing_rules: { geo: { US: 'https://us.example.com/' } } } });
    expect(routing.status).toBe(402);
    expect(routing.body.error).toMatch(/routing rules need the Team or Agency plan/);
  });

  test('roles: admin writes, viewers read, editors cannot write', async () => {
    const ws = await pro();
    const id = (await ws.create({ name: 'A', config: {} })).body.id;
    const viewer = await memberWithKey(t, ws.workspaceId, 'viewer', 'pro');
    const editor = await memberWithKey(t, ws.workspaceId, 'editor', 'pro');
    const admin = await memberWithKey(t, ws.workspaceId, 'admin', 'pro');
    expect((await t.api('GET', ws.path, { key: viewer.key })).status).toBe(200);
    expect((await t.api('GET', `${ws.path}/${id}`, { key: viewer.key })).status).toBe(200);
    expect((await ws.create({ name: 'B', config: {} }, editor.key)).status).toBe(403);
    expect((await t.api('PATCH', `${ws.path}/${id}`, { key: editor.key, body: { name: 'x' } })).status).toBe(403);
    expect((await t.api('DELETE', `${ws.path}/${id}`, { key: viewer.key })).status).toBe(403);
    expect((await ws.create({ name: 'B', config: {} }, admin.key)).status).toBe(201);
    expect((await t.api('PATCH', `${ws.path}/${id}`, { key: admin.key, body: { name: 'x' } })).status).toBe(200);
    expect((await t.api('DELETE', `${ws.path}/${id}`, { key: admin.key })).status).toBe(200);
    expect((await t.api('GET', ws.path)).status).toBe(401);
  });
});

describe('template_id on link create', () => {
  test('the template fills the fields the link does not give; link fields win; expires_in_days sets expires_at', async () => {
    const ws = await pro();
    const config = { tags: ['tpl'], utm_params: { source: 'tpl', medium: 'tpl' }, og_title: 'From template', og_description: 'Desc', expires_in_days: 10 };
    const id = (await ws.create({ name: 'T', config })).body.id;

    const before = Date.now();
    const plain = await ws.link({ target: 'https://example.com/a', template_id: id });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({
      tags: ['tpl'],
      utm_params: { source: 'tpl', medium: 'tpl' },
      og_title: 'From template',
      og_description: 'Desc',
      domain: DEFAULT_DOMAIN,
    });
    const expires = Date.parse(plain.body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 10 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * DAY + 1000);

    const expiresAt = new Date(Date.now() + 2 * DAY).toISOString();
    const own = await ws.link({
      target: 'https://example.com/b',
      template_id: id,
      tags: ['mine'],
      utm_params: { campaign: 'c' },
      og_title: 'Mine',
      og_description: null,
      expires_at: expiresAt,
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ tags: ['mine'], utm_params: { campaign: 'c' }, og_title: 'Mine', og_description: null });
    expect(Date.parse(own.body.expires_at)).toBe(Date.parse(expiresAt));

    // bulk items use templates too
    const bulk = await t.api('POST', `/workspaces/${ws.workspaceId}/links/bulk`, {
      key: ws.key,
      body: { links: [{ target: 'https://example.com/c', template_id: id }, { target: 'https://example.com/d' }] },
    });
    expect(bulk.status).toBe(201);
    const [c, d] = await Promise.all(bulk.body.created.map((l: any) => t.api('GET', `/workspaces/${ws.workspaceId}/links/${l.id}`, { key: ws.key })));
    expect(c!.body.tags).toEqual(['tpl']);
    expect(d!.body.tags).toBeNull();
  });

  test('deleting or changing the template leaves links made from it unchanged', async () => {
    const ws = await pro();
    const id = (await ws.create({ name: 'T', config: { og_title: 'Original', tags: ['x'] } })).body.id;
    const made = await ws.link({ target: 'https://example.com/', template_id: id });
    await t.api('PATCH', `${ws.path}/${id}`, { key: ws.key, body: { config: { og_title: 'Changed' } } });
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links/${made.body.id}`, { key: ws.key })).body).toMatchObject({
      og_title: 'Original',
      tags: ['x'],
    });
    expect((await t.api('DELETE', `${ws.path}/${id}`, { key: ws.key })).status).toBe(200);
    const after = await t.api('GET', `/workspaces/${ws.workspaceId}/links/${made.body.id}`, { key: ws.key });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ og_title: 'Original', tags: ['x'] });
    // and the deleted template cannot be used any more
    expect((await ws.link({ target: 'https://example.com/', template_id: id })).status).toBe(400);
  });

  test('400 for a template of another workspace or an unknown one; 402 below Pro', async () => {
    const ws = await pro();
    const other = await pro();
    const theirs = (await other.create({ name: 'Theirs', config: { tags: ['theirs'] } })).body.id;
    for (const template_id of [theirs, 'unknown-id']) {
      const res = await ws.link({ target: 'https://example.com/', template_id });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/template_id/);
    }
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key })).body.total).toBe(0);

    const free = await t.bootstrap();
    const res = await t.api('POST', `/workspaces/${free.workspaceId}/links`, { key: free.key, body: { target: 'https://example.com/', template_id: theirs } });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatch(/templates need the Pro plan or higher/);
    const bulk = await t.api('POST', `/workspaces/${free.workspaceId}/links/bulk`, {
      key: free.key,
      body: { links: [{ target: 'https://example.com/', template_id: theirs }] },
    });
    expect(bulk.status).toBe(402);
  });

  test('governance judges the link after the template filled it', async () => {
    const ws = await pro('team');
    await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { governance: { require_tags: true, max_expiry_days: 30 } } });
    const ok = (await ws.create({ name: 'Campaign', config: { tags: ['campaign'], expires_in_days: 14 } })).body.id;
    const tooLong = (await ws.create({ name: 'Long', config: { tags: ['campaign'], expires_in_days: 60 } })).body.id;
    expect((await ws.link({ target: 'https://example.com/' })).status).toBe(400);
    expect((await ws.link({ target: 'https://example.com/', template_id: ok })).status).toBe(201);
    const res = await ws.link({ target: 'https://example.com/', template_id: tooLong });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Governance: expiry must be set and within 30 days/);
  });
});
