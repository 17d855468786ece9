import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('/api/openapi.json is a valid OpenAPI 3 document covering the API', async () => {
  const res = await t.app.handle(new Request('http://linkhop.test/api/openapi.json'));
  expect(res.status).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toMatch(/^3\./);
  await SwaggerParser.validate(structuredClone(doc));
  expect(doc.paths['/api/workspaces']).toBeDefined();
  expect(doc.paths['/api/workspaces/{wsId}/audit-log'].get.parameters.map((p: any) => p.name)).toEqual(
    expect.arrayContaining(['wsId', 'page', 'limit', 'action']),
  );
  expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
  // every API operation has a summary and a tag
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      expect({ path, method, summary: Boolean(op.summary), tags: op.tags?.length > 0 }).toEqual({ path, method, summary: true, tags: true });
    }
  }
});

test('Swagger UI is served with its assets locally (no CDN)', async () => {
  const page = await t.app.handle(new Request('http://linkhop.test/api/docs'));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
  expect(html).not.toContain('unpkg.com');
  const bundle = await t.app.handle(new Request('http://linkhop.test/api/docs/assets/swagger-ui-bundle.js'));
  expect(bundle.status).toBe(200);
  expect((await bundle.text()).length).toBeGreaterThan(100_000);
  expect((await t.app.handle(new Request('http://linkhop.test/api/docs/assets/..%2fpackage.json'))).status).toBe(404);
});

describe('the document is exact', () => {
  let doc: any;
  beforeAll(async () => {
    doc = (await t.api('GET', '/openapi.json')).body;
  });
  const walk = (node: unknown, visit: (n: any, path: string) => void, path = '') => {
    if (!node || typeof node !== 'object') return;
    visit(node, path);
    for (const [k, v] of Object.entries(node)) walk(v, visit, `${path}/${k}`);
  };

  test('no numeric strings anywhere: integers are integers, in responses and in query parameters', () => {
    const numericStrings: string[] = [];
    walk(doc, (n, path) => {
      if (n.type === 'string' && (n.format === 'integer' || n.format === 'numeric')) numericStrings.push(path);
    });
    expect(numericStrings).toEqual([]);
    const link = doc.paths['/api/workspaces/{wsId}/links/{linkId}'].get.responses['200'].content['application/json'].schema;
    expect(link.properties.click_count).toEqual({ type: 'integer' });
    expect(link.properties.redirect_type).toMatchObject({ type: 'integer', enum: [301, 302] });
    const limit = doc.paths['/api/workspaces/{wsId}/links'].get.parameters.find((p: any) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  });

  test('the smart-routing fields have full schemas, not unknown', () => {
    const create = doc.paths['/api/workspaces/{wsId}/links'].post.requestBody.content['application/json'].schema;
    const link = doc.paths['/api/workspaces/{wsId}/links/{linkId}'].get.responses['200'].content['application/json'].schema;
    const component = (ref: string) => doc.components.schemas[ref.replace('#/components/schemas/', '')];
    for (const field of ['rules', 'routing_rules', 'ab_variants', 'sequence', 'deep_link', 'interstitial']) {
      for (const schema of [create.properties[field], link.properties[field]]) {
        const options = schema.anyOf;
        expect(options.find((o: any) => o.type === 'null')).toBeDefined();
        const shape = component(options.find((o: any) => o.$ref).$ref);
        expect({ field, type: shape.type }).toEqual({ field, type: expect.stringMatching(/^(object|array)$/) });
        expect(shape.items?.properties ?? shape.properties).toBeDefined();
      }
    }
    const condition = doc.components.schemas.Rules.items.properties.conditions.items;
    expect(condition.properties.operator.anyOf.map((o: any) => o.const)).toContain('between');
    expect(doc.components.schemas.AbVariants.items.properties.weight).toMatchObject({ type: 'integer', minimum: 1, maximum: 99 });
  });

  test('domains: verified is a boolean in the create and verify answers, the integer 1/0 in the list; txt_name is documented', () => {
    const answer = (path: string, method: string, status: string) => doc.paths[path][method].responses[status].content['application/json'].schema;
    expect(answer('/api/workspaces/{wsId}/domains', 'post', '201').properties.verified).toEqual({ type: 'boolean' });
    expect(answer('/api/workspaces/{wsId}/domains/{domainId}/verify', 'post', '200').properties.verified).toEqual({ type: 'boolean' });
    expect(answer('/api/workspaces/{wsId}/domains', 'get', '200').properties.domains.items.properties.verified).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 1,
    });
    expect(doc.paths['/api/workspaces/{wsId}/domains'].post.responses['201'].content['application/json'].schema.required).toContain('txt_name');
  });

  test('health checks: documented answers, no key asked', () => {
    expect(doc.paths['/readyz'].get.responses['200']).toBeDefined();
    expect(doc.paths['/readyz'].get.responses['503']).toBeDefined();
    expect(doc.paths['/readyz'].get.security).toEqual([]);
    expect(doc.paths['/healthz'].get.security).toEqual([]);
  });
});

test.each([
  ['limit=abc', 'Invalid query parameter limit: expected an integer'],
  ['limit=1000', 'Invalid query parameter limit: at most 100'],
  ['limit=0', 'Invalid query parameter limit: at least 1'],
  ['limit=1.5', 'Invalid query parameter limit: expected an integer'],
  ['page=', 'Invalid query parameter page: expected an integer'],
])('?%s answers 400 naming the parameter, in our words', async (query, message) => {
  const me = await t.bootstrap();
  const res = await t.api('GET', `/workspaces/${me.workspaceId}/links?${query}`, { key: me.key });
  expect(res.status).toBe(400);
  expect(res.body.error).toBe(message);
});

test('an integer query parameter given as digits reaches the handler as a number', async () => {
  const me = await t.bootstrap();
  const res = await t.api('GET', `/workspaces/${me.workspaceId}/links?limit=7&page=2`, { key: me.key });
  expect(res.status).toBe(200);
  expect({ page: res.body.page, limit: res.body.limit }).toEqual({ page: 2, limit: 7 });
});
