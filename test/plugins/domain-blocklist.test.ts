import { afterAll, beforeAll, expect, test } from 'bun:test';
import domainBlocklist from '../../plugins/examples/domain-blocklist';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let ws: { workspaceId: string; key: string };
beforeAll(async () => {
  process.env.BLOCKLIST_DOMAINS = 'evil.example, Spam.Example';
  t = await startTestApp({ plugins: [domainBlocklist] });
  ws = await t.bootstrap({ plan: 'pro' });
});
afterAll(async () => {
  delete process.env.BLOCKLIST_DOMAINS;
  await t.close();
});

const create = (body: unknown) => t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body });

test('a link to a listed domain or its subdomain is refused with 400 naming the host; others are created', async () => {
  const cases: [string, number, string?][] = [
    ['https://evil.example/x', 400, 'Target domain evil.example is blocked on this server'],
    ['https://www.EVIL.example/x', 400, 'Target domain www.evil.example is blocked on this server'],
    ['https://spam.example/', 400, 'Target domain spam.example is blocked on this server'],
    ['https://notevil.example/', 201],
    ['https://example.com/evil.example', 201],
  ];
  for (const [target, status, error] of cases) {
    const res = await create({ target });
    expect({ target, status: res.status, error: res.body.error }).toEqual({ target, status, error });
  }
  // the links module still reports what the plugin leaves alone
  expect((await create({ target: 'not a url' })).status).toBe(400);
});

test('a bulk create goes through the same hook: the request fails naming the item, nothing is created', async () => {
  const body = { links: [{ target: 'https://ok.example/' }, { target: 'https://a.evil.example/' }] };
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links/bulk`, { key: ws.key, body });
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('Target domain a.evil.example is blocked on this server (links[1])');
  const list = await t.api('GET', `/workspaces/${ws.workspaceId}/links?q=ok.example`, { key: ws.key });
  expect(list.body.total).toBe(0);
  // the item's index before the field the hook named
  expect(res.body).toMatchObject({ field: 'links.1.target', code: 'invalid' });
});

test("a CSV import goes through the same hook: the refusal is that row's reason, the other rows are imported", async () => {
  const csv = 'target,title\nhttps://fine.example/a,kept\nhttps://b.evil.example/,refused\n';
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links`, { key: ws.key, body: { csv } });
  expect(res.status).toBe(201);
  expect(res.body.created).toBe(1);
  expect(res.body.errors).toEqual([
    expect.objectContaining({ row: 2, reason: expect.stringContaining('Target domain b.evil.example is blocked on this server') }),
  ]);
  expect(res.body.links.map((l: { title: string }) => l.title)).toEqual(['kept']);
});
