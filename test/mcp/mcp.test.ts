import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestApp, SITE_URL, type TestApp } from '../helpers/app';
import { seedClicks } from '../helpers/clicks';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
let base: string;
const SITE_HOST = new URL(SITE_URL).host;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.listen();
});
afterAll(() => t.close());

/** The SDK's own client over a real socket; the Host header names the site (the kernel serves /mcp only there). */
async function connect(key: string | undefined) {
  const client = new Client({ name: 'linkhop-test', version: '1.0.0' });
  const headers: Record<string, string> = { host: SITE_HOST };
  if (key) headers['x-api-key'] = key;
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

const data = (result: any) => JSON.parse(result.content[0].text);

describe('MCP over streamable HTTP', () => {
  test('initialize → tools/list → create_link → the link redirects → list_links shows it', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const client = await connect(me.key);
    expect(client.getServerVersion()?.name).toBe('linkhop');

    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['create_link', 'list_links', 'get_link', 'update_link', 'delete_link', 'get_stats', 'list_domains', 'list_tags']),
    );
    const create = tools.find((tool) => tool.name === 'create_link')!;
    expect(create.inputSchema.required).toEqual(['target']);
    expect(Object.keys(create.inputSchema.properties!)).toEqual(expect.arrayContaining(['target', 'domain', 'slug', 'title', 'tags']));

    const created = await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/from-mcp', title: 'Via MCP', tags: ['agent'] } });
    expect(created.isError).toBeFalsy();
    const link = data(created);
    expect(link).toMatchObject({
      workspace_id: me.workspaceId,
      target: 'https://example.com/from-mcp',
      title: 'Via MCP',
      tags: ['agent'],
      created_by: me.userId,
    });
    expect(created.structuredContent).toEqual(link);

    const visit = await t.request(`/${link.slug}`);
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://example.com/from-mcp');

    const listed = data(await client.callTool({ name: 'list_links', arguments: {} }));
    expect(listed.total).toBe(1);
    expect(listed.links[0].id).toBe(link.id);
    // the REST API sees the same link
    expect((await t.api('GET', `/workspaces/${me.workspaceId}/links/${link.id}`, { key: me.key })).body.short_url).toBe(link.short_url);
    await client.close();
  });

  test('get, update, delete, stats, domains and tags call the REST services', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const client = await connect(me.key);
    const link = data(await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/a', tags: ['blue', 'red'] } }));

    expect(data(await client.callTool({ name: 'get_link', arguments: { id: link.id } })).id).toBe(link.id);
    const updated = data(
      await client.callTool({ name: 'update_link', arguments: { id: link.id, title: 'New title', target: 'https://example.com/b', note: null } }),
    );
    expect(updated).toMatchObject({ id: link.id, title: 'New title', target: 'https://example.com/b', note: null });
    const visit = await t.request(`/${link.slug}`);
    expect(visit.headers.get('location')).toBe('https://example.com/b');

    expect(data(await client.callTool({ name: 'list_tags', arguments: {} })).tags.map((tag: any) => tag.name)).toEqual(['blue', 'red']);
    const domains = data(await client.callTool({ name: 'list_domains', arguments: {} }));
    expect(domains).toEqual({ default_domain: 'go.linkhop.test', domains: [] });
    const stats = data(await client.callTool({ name: 'get_stats', arguments: {} }));
    expect(stats).toMatchObject({ total_links: 1, total_clicks: expect.any(Number), total_countries: expect.any(Number), today_clicks: expect.any(Number) });
    const rest = await t.api('GET', `/workspaces/${me.workspaceId}/stats/summary`, { key: me.key });
    expect(stats).toEqual(rest.body);
    // per link (a link never visited, so that only the seeded clicks count in either mode)
    const quiet = data(await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/quiet' } }));
    await seedClicks(t, quiet, [
      { country: 'DE', device: 'mobile' },
      { country: 'FR', device: 'desktop' },
      { country: 'DE', device: 'desktop' },
    ]);
    const perLink = async () => data(await client.callTool({ name: 'get_stats', arguments: { link_id: quiet.id, limit: 5 } }));
    const restLink = async () => (await t.api('GET', `/workspaces/${me.workspaceId}/links/${quiet.id}/stats?limit=5`, { key: me.key })).body;
    expect(await perLink()).toEqual(await restLink());
    expect(await perLink()).toMatchObject({
      link_id: quiet.id,
      total_clicks: 3,
      countries: [
        { country: 'DE', clicks: 2 },
        { country: 'FR', clicks: 1 },
      ],
    });
    const unknownLink = await client.callTool({ name: 'get_stats', arguments: { link_id: 'nope' } });
    expect(unknownLink.content).toEqual([{ type: 'text', text: '404: Link not found' }]);

    expect(data(await client.callTool({ name: 'delete_link', arguments: { id: link.id } }))).toEqual({ ok: true });
    const gone = await client.callTool({ name: 'get_link', arguments: { id: link.id } });
    expect(gone.isError).toBe(true);
    expect(gone.content).toEqual([{ type: 'text', text: '404: Link not found' }]);
    await client.close();
  });

  test('create_link and update_link take the fields of the links field table, as REST does (external_id)', async () => {
    const me = await t.bootstrap();
    const client = await connect(me.key);
    const { tools } = await client.listTools();
    for (const name of ['create_link', 'update_link']) {
      const properties = tools.find((tool) => tool.name === name)!.inputSchema.properties as Record<string, { description?: string }>;
      expect(properties.external_id?.description).toContain('at most 255 characters');
    }
    const link = data(await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/ext', external_id: 'cms-1' } }));
    expect(link.external_id).toBe('cms-1');
    const updated = data(await client.callTool({ name: 'update_link', arguments: { id: link.id, external_id: 'cms-2' } }));
    expect(updated.external_id).toBe('cms-2');
    const tooLong = await client.callTool({ name: 'update_link', arguments: { id: link.id, external_id: 'x'.repeat(256) } });
    expect(tooLong.content).toEqual([{ type: 'text', text: '400: Invalid external_id: at most 255 characters' }]);
    expect((await t.api('GET', `/workspaces/${me.workspaceId}/links/${link.id}`, { key: me.key })).body.external_id).toBe('cms-2');
    await client.close();
  });

  test('same validation, events and audit as REST', async () => {
    const me = await t.bootstrap();
    const events: any[] = [];
    const off = t.deps.bus.on('link.created', (e) => void events.push(e));
    const client = await connect(me.key);

    const invalid = await client.callTool({ name: 'create_link', arguments: { target: 'javascript:alert(1)' } });
    expect(invalid.isError).toBe(true);
    expect(invalid.content).toEqual([{ type: 'text', text: '400: Invalid target: expected an http(s) URL' }]);
    const slugOnDefault = await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com', slug: 'mine' } });
    expect(slugOnDefault.content).toEqual([{ type: 'text', text: '400: Custom slugs need a custom domain: on the default domain slugs are always generated' }]);
    // a type error is caught by the tool's input schema
    const wrongType = await client.callTool({ name: 'create_link', arguments: { target: 42 } });
    expect(wrongType.isError).toBe(true);
    // a plan-gated field answers the REST 402
    const gated = await client.callTool({ name: 'get_stats', arguments: {} });
    expect(gated.content).toEqual([{ type: 'text', text: '402: Plan upgrade required: stats need the Pro plan or higher' }]);

    const link = data(await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/audited' } }));
    await t.deps.bus.settle();
    off();
    expect(events).toEqual([expect.objectContaining({ workspaceId: me.workspaceId, userId: me.userId, data: expect.objectContaining({ id: link.id }) })]);
    const audit = await t.api('GET', `/workspaces/${me.workspaceId}/audit-log?action=link.create`, { key: me.key });
    expect(audit.body.entries.map((e: any) => JSON.parse(e.details).id)).toEqual([link.id]);
    await client.close();
  });

  test("the workspace's governance policy applies to create_link", async () => {
    const me = await t.bootstrap({ plan: 'team' });
    expect((await t.api('PATCH', `/workspaces/${me.workspaceId}`, { key: me.key, body: { governance: { require_tags: true } } })).status).toBe(200);
    const client = await connect(me.key);
    const refused = await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/untagged' } });
    expect(refused.content).toEqual([{ type: 'text', text: '400: Governance: at least one tag is required (require_tags)' }]);
    expect((await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/tagged', tags: ['ok'] } })).isError).toBeFalsy();
    await client.close();
  });

  test('template_id applies a template, as on REST; a plan-gated field answers 402', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const template = await t.api('POST', `/workspaces/${me.workspaceId}/templates`, {
      key: me.key,
      body: { name: 'Campaign', config: { tags: ['campaign'], utm_params: { source: 'mcp' } } },
    });
    expect(template.status).toBe(201);
    const client = await connect(me.key);
    const link = data(await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/t', template_id: template.body.id } }));
    expect(link).toMatchObject({ tags: ['campaign'], utm_params: { source: 'mcp' } });
    const gated = await client.callTool({
      name: 'create_link',
      arguments: {
        target: 'https://example.com/ab',
        ab_variants: [
          { name: 'a', url: 'https://a.example', weight: 50 },
          { name: 'b', url: 'https://b.example', weight: 50 },
        ],
      },
    });
    expect(gated.content).toEqual([{ type: 'text', text: '402: Plan upgrade required: A/B variants need the Team or Agency plan' }]);
    await client.close();
  });

  test('create_link shares the REST create budget: 30 per 10 seconds per workspace, then 429', async () => {
    const me = await t.bootstrap();
    const client = await connect(me.key);
    for (let i = 0; i < 30; i++)
      expect((await client.callTool({ name: 'create_link', arguments: { target: `https://example.com/r${i}` } })).isError).toBeFalsy();
    const limited = await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/over' } });
    expect(limited.isError).toBe(true);
    expect((limited.content as any)[0].text).toStartWith('429: ');
    expect((await t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body: { target: 'https://example.com/rest' } })).status).toBe(429);
    await client.close();
  });

  test('link.beforeCreate sees source mcp', async () => {
    const me = await t.bootstrap();
    const sources: string[] = [];
    const off = t.deps.bus.on('link.beforeCreate', (ctx) => void sources.push(ctx.source));
    const client = await connect(me.key);
    await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/src' } });
    off();
    expect(sources).toEqual(['mcp']);
    await client.close();
  });

  test('tool inputs the database cannot store (NUL, lone surrogates, years outside 1–9999) are a 400 naming the argument, in every tool', async () => {
    const me = await t.bootstrap({ plan: 'agency' });
    const client = await connect(me.key);
    const { id } = data(await client.callTool({ name: 'create_link', arguments: { target: 'https://example.com/mcp-hostile' } }));
    const { tools } = await client.listTools();
    const refusals: string[] = [];
    for (const tool of tools) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
      // the required arguments as a valid call has them, then one string argument hostile at a time
      const base: Record<string, unknown> = { id, target: 'https://example.com/ok' };
      const valid = Object.fromEntries(Object.entries(base).filter(([name]) => name in properties));
      for (const [name, schema] of Object.entries(properties)) {
        if (schema.type !== 'string') continue;
        for (const [value, problem] of [
          ['a\u0000b', 'contains a NUL character'],
          ['\ud800', 'contains an unpaired UTF-16 surrogate (not valid Unicode)'],
          ['10000-01-01', 'the year must be between 1 and 9999'],
          ['0000-01-01', 'the year must be between 1 and 9999'],
        ]) {
          const result: any = await client.callTool({ name: tool.name, arguments: { ...valid, [name]: value } });
          const text: string = result.content[0].text;
          // an argument with its own pattern (get_stats' days) may be refused by the SDK's schema check first
          const refused = text === `400: Invalid ${name}: ${problem}` || (text.includes('Input validation error') && text.endsWith(` at ${name}`));
          if (!result.isError || !refused) refusals.push(`${tool.name} ${name}=${JSON.stringify(value)}: ${text}`);
        }
      }
    }
    expect(refusals).toEqual([]);
    expect(tools.length).toBeGreaterThan(6);
  });

  test("acts with the key's role: tools/list offers only what the role may call; a viewer reads but cannot create, an editor cannot delete", async () => {
    const owner = await t.bootstrap();
    const viewer = await memberWithKey(t, owner.workspaceId, 'viewer');
    const editor = await memberWithKey(t, owner.workspaceId, 'editor');
    const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort();

    const asViewer = await connect(viewer.key);
    expect(await toolNames(asViewer)).toEqual(['get_conversions', 'get_link', 'get_stats', 'list_domains', 'list_links', 'list_tags']);
    const denied = await asViewer
      .callTool({ name: 'create_link', arguments: { target: 'https://example.com/nope' } })
      .catch((error: Error) => ({ isError: true, content: [{ type: 'text', text: error.message }] }));
    expect(denied.isError).toBe(true);
    expect(JSON.stringify(denied.content)).toContain('Tool create_link not found');
    expect(data(await asViewer.callTool({ name: 'list_links', arguments: {} })).total).toBe(0);
    await asViewer.close();

    const asEditor = await connect(editor.key);
    expect(await toolNames(asEditor)).toEqual([
      'create_link',
      'get_conversions',
      'get_link',
      'get_stats',
      'list_domains',
      'list_links',
      'list_tags',
      'update_link',
    ]);
    const link = data(await asEditor.callTool({ name: 'create_link', arguments: { target: 'https://example.com/ed' } }));
    const noDelete = await asEditor
      .callTool({ name: 'delete_link', arguments: { id: link.id } })
      .catch((error: Error) => ({ isError: true, content: [{ type: 'text', text: error.message }] }));
    expect(noDelete.isError).toBe(true);
    expect(JSON.stringify(noDelete.content)).toContain('Tool delete_link not found');
    expect(await toolNames(await connect(owner.key))).toEqual([
      'create_link',
      'delete_link',
      'get_conversions',
      'get_link',
      'get_stats',
      'list_domains',
      'list_links',
      'list_tags',
      'update_link',
    ]);
    expect((await t.api('GET', `/workspaces/${owner.workspaceId}/links/${link.id}`, { key: owner.key })).status).toBe(200);
    await asEditor.close();
  });

  test("a key only reaches its own workspace's links", async () => {
    const a = await t.bootstrap();
    const b = await t.bootstrap();
    const linkOfA = (await t.api('POST', `/workspaces/${a.workspaceId}/links`, { key: a.key, body: { target: 'https://example.com/a-only' } })).body;
    const asB = await connect(b.key);
    const res = await asB.callTool({ name: 'get_link', arguments: { id: linkOfA.id } });
    expect(res.content).toEqual([{ type: 'text', text: '404: Link not found' }]);
    expect((await asB.callTool({ name: 'delete_link', arguments: { id: linkOfA.id } })).isError).toBe(true);
    await asB.close();
  });
});

describe('authentication and transport', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const post = (headers: Record<string, string>, body: unknown = initialize) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { host: SITE_HOST, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });

  test('401 JSON without a key or with a bad key, before any MCP handling', async () => {
    for (const headers of [{}, { 'x-api-key': 'lh_not_a_key' }] as Record<string, string>[]) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toStartWith('application/json');
      expect((await res.json()).error).toBeString();
    }
    // malformed JSON-RPC without a key is still 401
    const garbage = await fetch(`${base}/mcp`, { method: 'POST', headers: { host: SITE_HOST, 'content-type': 'application/json' }, body: '{not json' });
    expect(garbage.status).toBe(401);
    await expect(connect(undefined)).rejects.toThrow();
  });

  test('GET and DELETE: 401 without a key, 405 with one (stateless server)', async () => {
    const me = await t.bootstrap();
    for (const method of ['GET', 'DELETE']) {
      expect((await fetch(`${base}/mcp`, { method, headers: { host: SITE_HOST } })).status).toBe(401);
      const res = await fetch(`${base}/mcp`, { method, headers: { host: SITE_HOST, 'x-api-key': me.key, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  test('a raw initialize answers JSON with the server info; malformed JSON-RPC is a JSON-RPC error', async () => {
    const me = await t.bootstrap();
    const res = await post({ 'x-api-key': me.key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.serverInfo.name).toBe('linkhop');
    expect(body.result.capabilities.tools).toBeDefined();
    const bad = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { host: SITE_HOST, 'x-api-key': me.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe(-32700);
  });

  test('/mcp is served on the site host only', async () => {
    const me = await t.bootstrap();
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { host: 'go.linkhop.test', 'x-api-key': me.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(res.status).toBe(404);
  });
});
