import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ErrorCode } from '../../core/errors';
import { createLinks, linkContext } from '../../modules/links';
import { startTestApp, SITE_URL, type TestApp } from '../helpers/app';
import type { Ws } from './fixtures';

/*
 * Issue 41: one schema per link field. A body the single create refuses is refused with the same
 * {error, field, code} as a bulk item (with its index), an import row (with its row) and MCP
 * arguments: every path checks it against the create's schema, then the same field rules.
 */

let t: TestApp;
let ws: Ws & { userId: string };
let mcp: Client;

beforeAll(async () => {
  t = await startTestApp();
  const base = await t.listen();
  ws = await t.bootstrap({ plan: 'pro' });
  mcp = new Client({ name: 'one-schema-test', version: '1.0.0' });
  const headers = { host: new URL(SITE_URL).host, 'x-api-key': ws.key };
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
});
afterAll(async () => {
  await mcp.close();
  await t.close();
});

const target = 'https://example.com/one-schema';
/** [what, create body, the field and code the single create answers] */
const CASES: [string, Record<string, unknown>, string, ErrorCode][] = [
  // the schema's types and lengths
  ['target of the wrong type', { target: 42 }, 'target', 'invalid'],
  ['title of the wrong type', { target, title: 5 }, 'title', 'invalid'],
  ['title too long', { target, title: 'x'.repeat(501) }, 'title', 'too_long'],
  ['external_id too long', { target, external_id: 'x'.repeat(256) }, 'external_id', 'too_long'],
  ['tags not a list', { target, tags: 'launch' }, 'tags', 'invalid'],
  // a nullable field's type error names the field (the schema's union), as the route always has
  ['a tag not a string', { target, tags: ['ok', 7] }, 'tags', 'invalid'],
  ['monitoring not a boolean', { target, monitoring: 'yes' }, 'monitoring', 'invalid'],
  ['redirect_type as text', { target, redirect_type: '301' }, 'redirect_type', 'invalid'],
  ['password too short', { target, password: 'short' }, 'password', 'invalid'],
  ['a UTM value not a string', { target, utm_params: { source: 5 } }, 'utm_params', 'invalid'],
  // the rules the schema cannot say
  ['javascript: target', { target: 'javascript:alert(1)' }, 'target', 'invalid'],
  ['a tag with upper case', { target, tags: ['Bad'] }, 'tags.0', 'invalid'],
  ['an unknown UTM key', { target, utm_params: { evil: 'x' } }, 'utm_params.evil', 'invalid'],
  ['expires_at not a date', { target, expires_at: 'next tuesday' }, 'expires_at', 'invalid'],
  ['redirect_type 307', { target, redirect_type: 307 }, 'redirect_type', 'invalid'],
];

/** What the single create answers for `body`. */
async function single(body: Record<string, unknown>) {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body });
  expect(res.status).toBe(400);
  return res.body as { error: string; field: string; code: ErrorCode };
}

describe('the single create answers the field and code', () => {
  for (const [what, body, field, code] of CASES) {
    test(what, async () => expect(await single(body)).toEqual({ error: expect.any(String), field, code }));
  }
});

describe('a bulk item is refused as the single create refuses it, at its index', () => {
  for (const [what, body] of CASES) {
    test(what, async () => {
      const answer = await single(body);
      const ctx = await linkContext(t.deps.db, { id: ws.workspaceId, plan: 'pro' }, ws.userId);
      const { errors } = await createLinks(t.deps, ctx, [{ target: 'https://example.com/fine' }, body], 'bulk', { dryRun: true });
      expect(errors).toEqual([{ index: 1, status: 400, reason: answer.error, field: answer.field, code: answer.code }]);
    });
  }

  test('over HTTP the invalid items are skipped (the spec), the valid ones created', async () => {
    const links = [{ target: 'https://example.com/bulk-ok' }, ...CASES.map(([, body]) => body)];
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links/bulk`, { key: ws.key, body: { links } });
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(1);
  });
});

describe('an import row is refused as the single create refuses it, at its row', () => {
  test('every case, one JSON Lines file', async () => {
    const answers = await Promise.all(CASES.map(([, body]) => single(body)));
    const csv = [JSON.stringify({ target: 'https://example.com/import-ok' }), ...CASES.map(([, body]) => JSON.stringify(body))].join('\n');
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links?dry_run=true`, { key: ws.key, body: { csv } });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual(answers.map((a, i) => ({ row: i + 2, line: i + 2, reason: a.error, field: a.field, code: a.code })));
  });

  test('a CSV row too: a title over 500 characters', async () => {
    const answer = await single({ target, title: 'x'.repeat(501) });
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links`, { key: ws.key, body: { csv: `url,title\n${target},${'x'.repeat(501)}` } });
    expect(res.body.errors).toEqual([{ row: 1, line: 2, reason: answer.error, field: 'title', code: 'too_long' }]);
  });
});

describe('MCP arguments are refused as the single create refuses them', () => {
  for (const [what, body] of CASES) {
    test(what, async () => {
      const answer = await single(body);
      const result = await mcp.callTool({ name: 'create_link', arguments: body });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: `400: ${answer.error}` }]);
      expect(result.structuredContent).toEqual({ ...answer, status: 400 });
    });
  }

  test('update_link as the PATCH', async () => {
    const link = (await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target } })).body;
    const patch = await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key, body: { monitoring: 'yes' } });
    expect(patch.status).toBe(400);
    const result = await mcp.callTool({ name: 'update_link', arguments: { id: link.id, monitoring: 'yes' } });
    expect(result.structuredContent).toEqual({ ...patch.body, status: 400 });
  });

  test('the tool list shows the REST schema of each field', async () => {
    const { tools } = await mcp.listTools();
    const create = tools.find((tool) => tool.name === 'create_link')!.inputSchema as { required: string[]; properties: Record<string, any> };
    expect(create.required).toEqual(['target']);
    expect(create.properties.title.anyOf).toEqual([{ type: 'string', maxLength: 500 }, { type: 'null' }]);
    expect(create.properties.monitoring).toMatchObject({ type: 'boolean' });
    expect(create.properties.rules.description).toContain('Rules engine');
    expect(create.properties.template_id).toMatchObject({ type: 'string' });
  });
});
