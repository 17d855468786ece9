import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { callerFault, ERROR_CODES } from '../../core/errors';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * Every error answer is `{error, field?, code}`: `field` names the request field at fault as the API
 * names it (nested parts and array indexes joined by `.`), whichever layer refused it: the
 * validation of the route's schema, the edge check of text the database cannot store, a service,
 * or a unique constraint of the database. The message stays for people.
 */

let t: TestApp;
let ws: { workspaceId: string; key: string };
let linkId: string;
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'agency' });
  linkId = (await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/' } })).body.id;
});
afterAll(() => t.close());

const TARGET = 'https://example.com/';
const rule = (action: unknown, conditions: unknown[] = []) => ({ name: 'r', conditions, action });
const badUrlRule = rule({ type: 'redirect', url: 'ftp://nope' });

type Case = [label: string, method: string, path: string, body: unknown, status: number, field: string | undefined, code: string];
const cases = (): Case[] => [
  // links: create
  ['link target not a URL', 'POST', '/links', { target: 'nope' }, 400, 'target', 'invalid'],
  ['link target missing', 'POST', '/links', {}, 400, 'target', 'required'],
  ['link title too long', 'POST', '/links', { target: TARGET, title: 'x'.repeat(1001) }, 400, 'title', 'too_long'],
  ['link title with NUL (edge check)', 'POST', '/links', { target: TARGET, title: 'a\u0000b' }, 400, 'title', 'invalid'],
  ['link tag malformed', 'POST', '/links', { target: TARGET, tags: ['ok', 'Not OK'] }, 400, 'tags.1', 'invalid'],
  ['link utm key unknown', 'POST', '/links', { target: TARGET, utm_params: { utm_source: 'x' } }, 400, 'utm_params.utm_source', 'invalid'],
  ['link rule action URL', 'POST', '/links', { target: TARGET, rules: [rule({ type: 'redirect', url: TARGET }), badUrlRule] }, 400, 'rules.1.action.url', 'invalid'],
  [
    'link rule condition value',
    'POST',
    '/links',
    { target: TARGET, rules: [rule({ type: 'redirect', url: TARGET }, [{ field: 'device', operator: 'eq', value: 'toaster' }])] },
    400,
    'rules.0.conditions.0.value',
    'invalid',
  ],
  ['link routing rule key', 'POST', '/links', { target: TARGET, routing_rules: { country: { XX1: TARGET } } }, 400, 'routing_rules.country', 'invalid'],
  ['link deep link URL', 'POST', '/links', { target: TARGET, deep_link: { ios_app_url: 'nope' } }, 400, 'deep_link.ios_app_url', 'invalid'],
  ['link A/B variant URL', 'POST', '/links', { target: TARGET, ab_variants: [{ name: 'A', url: 'nope', weight: 50 }, { name: 'B', url: TARGET, weight: 50 }] }, 400, 'ab_variants.0.url', 'invalid'],
  ['link custom slug on the default domain', 'POST', '/links', { target: TARGET, slug: 'mine' }, 400, 'slug', 'invalid'],
  ['bulk with no links', 'POST', '/links/bulk', { links: [] }, 400, 'links', 'invalid'],
  // links: patch
  ['patch target', 'PATCH', '/links/:link', { target: 'javascript:alert(1)' }, 400, 'target', 'invalid'],
  ['patch rule action URL', 'PATCH', '/links/:link', { rules: [badUrlRule] }, 400, 'rules.0.action.url', 'invalid'],
  ['patch expires_at', 'PATCH', '/links/:link', { expires_at: 'soon' }, 400, 'expires_at', 'invalid'],
  // links: list query
  ['list limit out of range', 'GET', '/links?limit=1000', undefined, 400, 'limit', 'invalid'],
  ['list from not a date', 'GET', '/links?from=yesterday', undefined, 400, 'from', 'invalid'],
  // templates
  ['template config field unknown', 'POST', '/templates', { name: 't', config: { utm_source: 'x' } }, 400, 'config.utm_source', 'invalid'],
  ['template config title', 'POST', '/templates', { name: 't', config: { title: 5 } }, 400, 'config.title', 'invalid'],
  ['template config rule', 'POST', '/templates', { name: 't', config: { rules: [badUrlRule] } }, 400, 'config.rules.0.action.url', 'invalid'],
  ['template name missing', 'POST', '/templates', { name: ' ', config: {} }, 400, 'name', 'required'],
  // portfolios
  ['portfolio slug', 'POST', '/portfolios', { name: 'p', slug: 'Not a slug!' }, 400, 'slug', 'invalid'],
  ['portfolio name empty', 'POST', '/portfolios', { name: '  ' }, 400, 'name', 'required'],
  // workspaces
  ['workspace governance field unknown', 'PATCH', '', { governance: { require_everything: true } }, 400, 'governance.require_everything', 'invalid'],
  ['workspace expired page URL', 'PATCH', '', { expired_page_url: 'nope' }, 400, 'expired_page_url', 'invalid'],
  ['workspace name empty', 'PATCH', '', { name: ' ' }, 400, 'name', 'required'],
  // stats
  ['stats from not a day', 'GET', '/stats/daily?from=2024-02-30&to=2024-03-01', undefined, 400, 'from', 'invalid'],
  ['stats from after to', 'GET', '/stats/daily?from=2024-03-02&to=2024-03-01', undefined, 400, 'from', 'invalid'],
  // domains
  ['domain malformed', 'POST', '/domains', { domain: 'not a host' }, 400, 'domain', 'invalid'],
  ['domain missing', 'POST', '/domains', {}, 400, 'domain', 'required'],
  // webhooks
  ['webhook event unknown', 'POST', '/webhooks', { name: 'w', url: 'https://hooks.example.com/x', events: ['link.created', 'link.exploded'] }, 400, 'events.1', 'invalid'],
  ['webhook URL private', 'POST', '/webhooks', { name: 'w', url: 'http://127.0.0.1/x', events: ['link.created'] }, 400, 'url', 'invalid'],
  // no single field at fault
  ['malformed JSON', 'POST', '/links', '{"target":', 400, undefined, 'invalid'],
  ['unknown link', 'GET', '/links/no-such-link', undefined, 404, undefined, 'not_found'],
];

describe('error answers name the field at fault', () => {
  test.each(cases().map((c) => [c[0], c] as const))('%s', async (_label, [, method, path, body, status, field, code]) => {
    const res = await t.api(method, `/workspaces/${ws.workspaceId}${path.replace(':link', linkId)}`, { key: ws.key, body });
    expect({ status: res.status, field: res.body.field, code: res.body.code }).toEqual({ status, field, code });
    // the message is for people: it names the field in our words, never a validator's
    expect(res.body.error).toBeString();
    if (field) expect(res.body.error).not.toMatch(/Expected|TypeBox|\/[a-z_]+\/\d/);
  });
});

test('the codes are a small documented set, and the OpenAPI error schema documents field and code', async () => {
  const doc = await (await t.app.handle(new Request('http://linkhop.test/api/openapi.json'))).json();
  const answers = Object.values<any>(doc.paths['/api/workspaces/{wsId}/links'].post.responses['400'].content)[0].schema;
  const schema = answers.$ref ? doc.components.schemas[answers.$ref.split('/').at(-1)] : answers;
  expect(Object.keys(schema.properties)).toEqual(['error', 'field', 'code']);
  expect(schema.required).toEqual(['error', 'code']);
  expect(schema.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
  for (const code of Object.keys(ERROR_CODES)) expect(schema.properties.code.description).toContain(`${code} (`);
});

test('a unique violation of the database names its column', async () => {
  const insert = () => t.deps.db.execute(sql`insert into workspaces (id, name, slug, plan) values (${crypto.randomUUID()}, 'w', 'same-slug-twice', 'free')`);
  await insert();
  const error = await insert().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(callerFault(error)?.answer()).toEqual({ error: 'Already exists', field: 'slug', code: 'taken' });
});

test('409 taken names the field: a portfolio slug in use', async () => {
  const path = `/workspaces/${ws.workspaceId}/portfolios`;
  expect((await t.api('POST', path, { key: ws.key, body: { name: 'a', slug: 'taken-slug' } })).status).toBe(201);
  const again = await t.api('POST', path, { key: ws.key, body: { name: 'b', slug: 'taken-slug' } });
  expect(again.status).toBe(409);
  expect(again.body).toEqual({ error: 'Portfolio slug "taken-slug" already exists', field: 'slug', code: 'taken' });
});

test('a plan limit is limit_reached, a feature gate plan_required, a role forbidden', async () => {
  const free = await t.bootstrap({ plan: 'free' });
  const templates = await t.api('POST', `/workspaces/${free.workspaceId}/templates`, { key: free.key, body: { name: 't', config: {} } });
  expect([templates.status, templates.body.code]).toEqual([402, 'plan_required']);
  const noKey = await t.api('GET', `/workspaces/${free.workspaceId}/links`);
  expect([noKey.status, noKey.body.code]).toEqual([401, 'unauthenticated']);
  const stranger = await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: free.key });
  expect([stranger.status, stranger.body.code]).toEqual([404, 'not_found']);
});
