import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEFAULT_DOMAIN, SITE_URL, startTestApp, type TestApp } from '../helpers/app';

// CUSTOM_SLUGS_ON_DEFAULT_DOMAIN=true: an instance whose default domain is the team's own (go.acme.com/spring-sale)
let t: TestApp;
let base: string;
let ws: { workspaceId: string; key: string };
let other: { workspaceId: string; key: string };
beforeAll(async () => {
  t = await startTestApp({ env: { CUSTOM_SLUGS_ON_DEFAULT_DOMAIN: 'true' } });
  base = await t.listen();
  ws = await t.bootstrap({ plan: 'free' });
  other = await t.bootstrap({ plan: 'free' });
});
afterAll(() => t.close());

const create = (owner: typeof ws, body: Record<string, unknown>) => t.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body });

test('a custom slug on the default domain: created, redirects, first come first served across workspaces, reserved words refused', async () => {
  const made = await create(ws, { target: 'https://example.com/spring', slug: 'spring-sale' });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ domain: DEFAULT_DOMAIN, slug: 'spring-sale', short_url: `http://${DEFAULT_DOMAIN}/spring-sale` });
  const visit = await t.request('/spring-sale');
  expect(visit.status).toBe(302);
  expect(visit.headers.get('location')).toBe('https://example.com/spring');

  const taken = await create(other, { target: 'https://example.com/mine', slug: 'spring-sale' });
  expect(taken.status).toBe(409);
  expect(taken.body).toMatchObject({ field: 'slug', code: 'taken' });
  for (const reserved of ['api', 'App', 'healthz', 'metrics'])
    expect((await create(ws, { target: 'https://example.com/r', slug: reserved })).body).toMatchObject({ field: 'slug' });
  // without a slug it is generated, as ever
  const generated = await create(ws, { target: 'https://example.com/g' });
  expect(generated.status).toBe(201);
  expect(generated.body.slug).toMatch(/^[A-Za-z0-9_-]+$/);
});

test('PATCH takes a custom slug on the default domain; bulk items keep theirs', async () => {
  const made = await create(ws, { target: 'https://example.com/p' });
  const patched = await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${made.body.id}`, { key: ws.key, body: { slug: 'renamed' } });
  expect(patched.status).toBe(200);
  expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links/${made.body.id}`, { key: ws.key })).body.slug).toBe('renamed');
  expect((await t.request('/renamed')).headers.get('location')).toBe('https://example.com/p');

  const bulk = await t.api('POST', `/workspaces/${ws.workspaceId}/links/bulk`, {
    key: ws.key,
    body: {
      links: [
        { target: 'https://example.com/b1', slug: 'bulk-one' },
        { target: 'https://example.com/b2', slug: 'spring-sale' },
      ],
    },
  });
  expect(bulk.status).toBe(201);
  // the taken slug is skipped, as the spec's bulk skips a duplicate
  expect(bulk.body.created.map((l: { slug: string }) => l.slug)).toEqual(['bulk-one']);
});

test('import keeps slugs and other tools’ short codes on the default domain, with no warning', async () => {
  const csv = 'target,slug\nhttps://example.com/i1,imported-one\n';
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links`, { key: ws.key, body: { csv } });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ created: 1, errors: [], warnings: [] });
  expect(res.body.links[0]).toMatchObject({ domain: DEFAULT_DOMAIN, slug: 'imported-one' });
  const bitly = 'Bitlink,Long_URL,Title\nbit.ly/bitly-code,https://example.com/bitly,From Bitly\n';
  const fromBitly = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links`, { key: ws.key, body: { csv: bitly } });
  expect(fromBitly.body).toMatchObject({ created: 1, warnings: [] });
  expect(fromBitly.body.links[0].slug).toBe('bitly-code');
});

test('MCP create_link takes the slug too; the domains list tells clients the rule', async () => {
  const client = new Client({ name: 'linkhop-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { host: new URL(SITE_URL).host, 'x-api-key': ws.key } } }),
  );
  try {
    const result = await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/mcp', slug: 'from-mcp' } });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toMatchObject({ domain: DEFAULT_DOMAIN, slug: 'from-mcp' });
  } finally {
    await client.close();
  }
  const domains = await t.api('GET', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key });
  expect(domains.body.custom_slugs_on_default_domain).toBe(true);
});

test('off by default: the spec’s 400 holds, and the domains list says so', async () => {
  const plain = await startTestApp();
  try {
    const owner = await plain.bootstrap();
    const res = await plain.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: 'https://example.com/x', slug: 'mine' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'slug' });
    expect((await plain.api('GET', `/workspaces/${owner.workspaceId}/domains`, { key: owner.key })).body.custom_slugs_on_default_domain).toBe(false);
  } finally {
    await plain.close();
  }
});
