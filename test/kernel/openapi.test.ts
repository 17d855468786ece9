import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, expect, test } from 'bun:test';
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
  expect(doc.paths['/api/workspaces/{wsId}/audit-log'].get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['wsId', 'page', 'limit', 'action']));
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
