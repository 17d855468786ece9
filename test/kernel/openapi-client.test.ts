import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await startTestApp();
  dir = mkdtempSync(join(tmpdir(), 'linkhop-client-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/**
 * A small client as a REST user writes it from the generated types: creates a link with rules,
 * lists and updates links. It must type-check under `strict` and use the answers' fields as the
 * types they are (a `string | number` click_count or an `unknown` rule would not compile).
 */
const CLIENT = `
import type { paths } from './api';

type Create = paths['/api/workspaces/{wsId}/links']['post'];
type List = paths['/api/workspaces/{wsId}/links']['get'];
type Patch = paths['/api/workspaces/{wsId}/links/{linkId}']['patch'];
type Link = Create['responses'][201]['content']['application/json'];

const base = process.env.LINKHOP_URL!;
const headers = { 'x-api-key': process.env.LINKHOP_KEY!, 'content-type': 'application/json', host: process.env.LINKHOP_HOST! };
const ws = process.env.LINKHOP_WS!;

const body: Create['requestBody']['content']['application/json'] = {
  target: 'https://example.com/',
  redirect_type: 301,
  rules: [{ name: 'Germany', conditions: [{ field: 'country', operator: 'in', value: ['DE', 'AT'] }], action: { type: 'redirect', url: 'https://example.de/' } }],
  interstitial: { title: 'Hello', delay: 3 },
};
// @ts-expect-error: not an operator
const wrong: Create['requestBody']['content']['application/json'] = { target: 'https://example.com/', rules: [{ conditions: [{ field: 'country', operator: 'equals', value: 'DE' }], action: { type: 'redirect', url: 'https://example.de/' } }] };
void wrong;

const created: Link = await (await fetch(\`\${base}/api/workspaces/\${ws}/links\`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
const clicks: number = created.click_count;
const redirect: 301 | 302 = created.redirect_type;
const ruleUrl: string | undefined = created.rules?.[0]?.action.url;
const delay: number | undefined = created.interstitial?.delay;

const query: NonNullable<List['parameters']['query']> = { limit: 10, page: 1 };
const list: List['responses'][200]['content']['application/json'] = await (await fetch(\`\${base}/api/workspaces/\${ws}/links?limit=\${query.limit}&page=\${query.page}\`, { headers })).json();
const total: number = list.total;

const patch: Patch['requestBody']['content']['application/json'] = { rules: [{ conditions: [], action: { type: 'redirect', url: 'https://example.org/' } }], ab_variants: null };
const patched: Patch['responses'][200]['content']['application/json'] = await (await fetch(\`\${base}/api/workspaces/\${ws}/links/\${created.id}\`, { method: 'PATCH', headers, body: JSON.stringify(patch) })).json();

console.log(JSON.stringify({ clicks, redirect, ruleUrl, delay, total, ok: patched.ok }));
`;

test('openapi-typescript types of the served document type-check a client that creates, lists and updates links with rules; it runs', async () => {
  const document = (await t.api('GET', '/openapi.json')).body;
  const types = astToString(await openapiTS(document));
  writeFileSync(join(dir, 'api.ts'), types);
  writeFileSync(join(dir, 'client.ts'), CLIENT);

  // the link operations' bodies are typed: no unknown (beyond the headers' index signatures), no numeric strings
  const linkOperations = [
    'postApiWorkspacesByWsIdLinks',
    'getApiWorkspacesByWsIdLinks',
    'getApiWorkspacesByWsIdLinksByLinkId',
    'patchApiWorkspacesByWsIdLinksByLinkId',
  ];
  for (const name of linkOperations) {
    const start = types.indexOf(`    ${name}: {`);
    expect(start).toBeGreaterThan(0);
    const block = types.slice(start, types.indexOf('\n    };', start));
    expect({ name, unknown: block.replaceAll('[name: string]: unknown;', '').includes('unknown') }).toEqual({ name, unknown: false });
  }
  expect(types).not.toMatch(/: string \| number;/);

  const tsc = Bun.spawnSync(
    [
      join(import.meta.dir, '../../node_modules/.bin/tsc'),
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--lib',
      'es2022,dom',
      '--types',
      'node',
      '--typeRoots',
      join(import.meta.dir, '../../node_modules/@types'),
      '--skipLibCheck',
      join(dir, 'client.ts'),
    ],
    { cwd: dir },
  );
  expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe('');
  expect(tsc.exitCode).toBe(0);

  const me = await t.bootstrap({ plan: 'pro' });
  const url = await t.listen();
  // not spawnSync: this process serves the client's requests
  const run = Bun.spawn([process.execPath, join(dir, 'client.ts')], {
    env: { ...process.env, LINKHOP_URL: url, LINKHOP_KEY: me.key, LINKHOP_WS: me.workspaceId, LINKHOP_HOST: new URL(SITE_URL).host },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  expect(err).toBe('');
  expect(JSON.parse(out)).toEqual({ clicks: 0, redirect: 301, ruleUrl: 'https://example.de/', delay: 3, total: 1, ok: true });
}, 120_000);
