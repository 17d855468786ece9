import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';
import { linkCacheKey } from '../../modules/links/short-url';
import { createLink, type Ws } from './fixtures';

/**
 * `external_id`: the field added through the field table alone (modules/links/fields.ts and a
 * migration). Written, read, listed, documented, refused past its limit, never in the redirect
 * snapshot.
 */
let t: TestApp;
let ws: Ws;
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap();
});
afterAll(() => t.close());

const path = (id = '') => `/workspaces/${ws.workspaceId}/links${id && `/${id}`}`;
const get = async (id: string) => (await t.api('GET', path(id), { key: ws.key })).body;
const patch = (id: string, body: Record<string, unknown>) => t.api('PATCH', path(id), { key: ws.key, body });

describe('external_id', () => {
  test('create, get, list, PATCH and clear', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/crm', external_id: 'crm-4711' });
    expect(link.external_id).toBe('crm-4711');
    expect((await get(link.id)).external_id).toBe('crm-4711');
    const listed = (await t.api('GET', path(), { key: ws.key })).body.links;
    expect(listed.find((l: { id: string }) => l.id === link.id).external_id).toBe('crm-4711');

    expect((await patch(link.id, { external_id: 'crm-4712' })).status).toBe(200);
    expect((await get(link.id)).external_id).toBe('crm-4712');
    // a PATCH of another field leaves it
    expect((await patch(link.id, { title: 'Renamed' })).status).toBe(200);
    expect(await get(link.id)).toMatchObject({ title: 'Renamed', external_id: 'crm-4712' });
    expect((await patch(link.id, { external_id: null })).status).toBe(200);
    expect((await get(link.id)).external_id).toBeNull();

    const plain = await createLink(t, ws, { target: 'https://example.com/plain' });
    expect(plain.external_id).toBeNull();
  });

  test('at most 255 characters, a string: the same rule for single, PATCH and bulk writes', async () => {
    const long = 'x'.repeat(256);
    const res = await t.api('POST', path(), { key: ws.key, body: { target: 'https://example.com/long', external_id: long } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid external_id: at most 255 characters');
    expect((await t.api('POST', path(), { key: ws.key, body: { target: 'https://example.com/n', external_id: 42 } })).status).toBe(400);
    const link = await createLink(t, ws, { target: 'https://example.com/edge', external_id: 'x'.repeat(255) });
    expect((await patch(link.id, { external_id: long })).body.error).toBe('Invalid external_id: at most 255 characters');

    const bulk = await t.api('POST', `${path()}/bulk`, {
      key: ws.key,
      body: {
        links: [
          { target: 'https://example.com/b1', external_id: 'ok-1' },
          { target: 'https://example.com/b2', external_id: long },
        ],
      },
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body.count).toBe(1);
    expect((await get(bulk.body.created[0].id)).external_id).toBe('ok-1');
  });

  test('the OpenAPI document shows it in the create and PATCH bodies and in the Link answer', async () => {
    const doc = (await t.api('GET', '/openapi.json')).body;
    const schemaOf = (s: { $ref?: string; properties?: Record<string, unknown> }) => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s);
    const links = doc.paths['/api/workspaces/{wsId}/links'];
    const one = doc.paths['/api/workspaces/{wsId}/links/{linkId}'];
    for (const body of [links.post.requestBody, one.patch.requestBody]) {
      expect(Object.keys(schemaOf(body.content['application/json'].schema).properties)).toContain('external_id');
    }
    expect(Object.keys(schemaOf(one.get.responses['200'].content['application/json'].schema).properties)).toContain('external_id');
  });

  test('never in the redirect snapshot (cached in memory and Redis) nor in any answer to a visitor', async () => {
    const secret = 'EXT-9f3a-never-leak';
    const link = await createLink(t, ws, { target: 'https://example.com/ext', external_id: secret, og_title: 'Preview' });
    const visit = await t.request(`/${link.slug}`);
    expect(visit.status).toBe(302);
    const bot = await t.request(`/${link.slug}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect(await bot.text()).not.toContain(secret);
    const snapshot = t.deps.cache.peek<Record<string, unknown>>(linkCacheKey(link.domain, link.slug));
    expect(snapshot).toMatchObject({ id: link.id, target: 'https://example.com/ext' });
    expect(Object.keys(snapshot!)).not.toContain('external_id');
    expect(JSON.stringify(snapshot)).not.toContain(secret);
  });
});
