import { afterAll, beforeAll, expect, test } from 'bun:test';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLinkhop } from '../../packages/sdk/src';
import { buildSdk } from '../../scripts/build-sdk';
import { type SdkServer, startSdkServer } from './server';

/**
 * The package as it is published: `npm run build:sdk`'s output, installed in a project of its own (node_modules/@linkhop/sdk,
 * with its one dependency), imported by Node by its name and run against a live server.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const PACKAGE = join(ROOT, 'packages/sdk');
const project = mkdtempSync(join(tmpdir(), 'lh-sdk-node-'));
const installed = join(project, 'node_modules/@linkhop/sdk');
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
let server: SdkServer;

beforeAll(async () => {
  server = await startSdkServer();
  mkdirSync(installed, { recursive: true });
  await buildSdk(join(installed, 'dist'));
  for (const file of ['package.json', 'README.md', 'LICENSE']) cpSync(join(PACKAGE, file), join(installed, file));
  symlinkSync(join(ROOT, 'node_modules/openapi-fetch'), join(project, 'node_modules/openapi-fetch'));
}, 240_000);
afterAll(async () => {
  await server?.t.close();
  rmSync(project, { recursive: true, force: true });
});

test('package.json is ready to publish: public, licensed, ESM with types, files that exist, dependencies pinned as the repository pins them', () => {
  expect(manifest).toMatchObject({ name: '@linkhop/sdk', license: 'MIT', type: 'module', engines: { node: '>=20' } });
  expect(manifest.private).toBeUndefined();
  const entry = manifest.exports['.'];
  expect(existsSync(join(installed, entry.import))).toBe(true);
  expect(existsSync(join(installed, entry.types))).toBe(true);
  for (const file of manifest.files) expect(existsSync(join(installed, file))).toBe(true);
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  expect(Object.keys(manifest.dependencies)).toEqual(['openapi-fetch']);
  expect(manifest.dependencies['openapi-fetch']).toBe(root.dependencies['openapi-fetch']);
  // one file for every runtime: no Node built-in and no Bun API in the bundle
  const bundle = readFileSync(join(installed, 'dist/index.js'), 'utf8');
  expect(bundle).not.toMatch(/from\s*["']node:|require\(|\bBun\.|\bprocess\.env/);
  expect(bundle).toMatch(/from\s*["']openapi-fetch["']/);
});

test('Node imports the built package by its name: create, paginate, a typed 400, against the live server', async () => {
  const owner = await server.bootstrap('pro');
  const script = join(project, 'run.mjs');
  writeFileSync(
    script,
    `import { createLinkhop, LinkhopError } from '@linkhop/sdk';
const [baseUrl, apiKey, wsId] = process.argv.slice(2);
const linkhop = createLinkhop({ baseUrl, apiKey });
const created = [];
for (const n of [1, 2, 3]) created.push(await linkhop.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 'https://example.com/node/' + n } }));
const walked = [];
for await (const link of linkhop.paginate('/api/workspaces/{wsId}/links', { params: { path: { wsId }, query: { limit: 2 } } })) walked.push(link.id);
let refused;
try {
  await linkhop.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 'ftp://example.com' } });
} catch (error) {
  refused = { isLinkhopError: error instanceof LinkhopError, status: error.status, code: error.code, field: error.field };
}
console.log(JSON.stringify({ node: process.versions.node, created: created.map((l) => l.id), shortUrls: created.map((l) => l.short_url), walked, refused }));
`,
  );
  const node = Bun.spawn(['node', script, server.baseUrl, owner.key, owner.workspaceId], { cwd: project, stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(node.stdout).text(), new Response(node.stderr).text(), node.exited]);
  expect(err).toBe('');
  expect(code).toBe(0);
  const result = JSON.parse(out);
  expect(Number(result.node.split('.')[0])).toBeGreaterThanOrEqual(20);
  expect(result.created).toHaveLength(3);
  expect(result.shortUrls.every((url: string) => url.startsWith('http://go.linkhop.test/'))).toBe(true);
  expect([...result.walked].sort()).toEqual([...result.created].sort());
  expect(result.refused).toEqual({ isLinkhopError: true, status: 400, code: 'invalid', field: 'target' });

  // what Node created is there, for any client
  const linkhop = createLinkhop({ baseUrl: server.baseUrl, apiKey: owner.key });
  const { total } = await linkhop.get('/api/workspaces/{wsId}/links', { params: { path: { wsId: owner.workspaceId } } });
  expect(total).toBe(3);
}, 60_000);
