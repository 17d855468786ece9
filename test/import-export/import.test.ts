import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { badRequest } from '../../core/errors';
import type { LinkBeforeCreate } from '../../core/hooks';
import { DEFAULT_DOMAIN, startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
const created: { workspaceId: string; userId?: string | null; data: { id: string } }[] = [];
const hookSources: LinkBeforeCreate['source'][] = [];

beforeAll(async () => {
  t = await startTestApp();
  t.deps.bus.on('link.created', (e) => void created.push(e));
  // a stand-in governance policy, through the real hook: targets on blocked.example are refused
  t.deps.bus.on('link.beforeCreate', (ctx) => {
    hookSources.push(ctx.source);
    if (String(ctx.link.target ?? '').includes('blocked.example')) throw badRequest('Governance policy: links to blocked.example are not allowed');
  });
});
afterAll(() => t.close());

type Ws = { workspaceId: string; key: string; userId: string };
const importCsv = (ws: Ws, body: unknown, key = ws.key) => t.api('POST', `/workspaces/${ws.workspaceId}/import/links`, { key, body });

let seq = 0;
async function workspaceWithDomain(): Promise<Ws & { domain: string }> {
  const ws = await t.bootstrap({ plan: 'pro' });
  const domain = `links-${++seq}-${Date.now().toString(36)}.example.com`;
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain } });
  expect(res.status).toBe(201);
  return { ...ws, domain };
}

describe('generic files', () => {
  test('header aliases, case, spaces and a byte-order mark; every optional column; one link per valid row', async () => {
    const ws = await t.bootstrap();
    const csv = [
      '\ufeff URL ,Title,TAGS,Note',
      'https://example.com/a,First,"Summer Sale, q1",internal',
      'http://example.com/b,,,',
      'https://example.com/c,"Comma, ""quoted""",,',
    ].join('\n');
    const res = await importCsv(ws, { csv });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: 3, skipped: 0, errors: [] });
    const [a, b, c] = res.body.links;
    expect(a).toMatchObject({ domain: DEFAULT_DOMAIN, target: 'https://example.com/a', title: 'First', tags: ['summer-sale', 'q1'] });
    expect(a.short_url).toBe(`http://${DEFAULT_DOMAIN}/${a.slug}`);
    expect(Object.keys(a).sort()).toEqual(['domain', 'id', 'short_url', 'slug', 'tags', 'target', 'title']);
    expect(b).toMatchObject({ target: 'http://example.com/b', title: null, tags: null });
    expect(c.title).toBe('Comma, "quoted"');
    const stored = await t.api('GET', `/workspaces/${ws.workspaceId}/links/${a.id}`, { key: ws.key });
    expect(stored.body).toMatchObject({ note: 'internal', title: 'First', created_by: ws.userId });
  });

  for (const column of ['target', 'Destination', 'LONG_URL', 'url']) {
    test(`target column "${column}"`, async () => {
      const ws = await t.bootstrap();
      const res = await importCsv(ws, { csv: `${column}\nhttps://example.com/${column}`, format: 'generic' });
      expect(res.status).toBe(201);
      expect(res.body.links[0].target).toBe(`https://example.com/${column}`);
    });
  }

  test('bad rows are reported with their 1-based data row, their line in the file (header = line 1) and reason; valid rows are still imported', async () => {
    const ws = await workspaceWithDomain();
    const csv = [
      'target,slug',
      'https://example.com/ok-1,', // 1 ok
      ',orphan-slug', // 2 missing target
      'ftp://example.com/file,', // 3 not http(s)
      'javascript:alert(1),', // 4 not http(s)
      'not a url,', // 5
      'https://example.com/ok-2,taken', // 6 ok (custom slug)
      'https://example.com/dup,taken', // 7 duplicate within the file
      'https://example.com/bad-slug,has space', // 8 invalid slug characters
      '', // blank lines and lines of empty cells are not rows
      ' , ',
      'https://example.com/ok-3,fine_slug-2', // 9 ok
    ].join('\r\n');
    const res = await importCsv(ws, { csv, domain: ws.domain });
    expect(res.status).toBe(201);
    expect(res.body.errors).toEqual([
      { row: 2, line: 3, reason: 'Missing target URL', field: 'target', code: 'required' },
      { row: 3, line: 4, reason: 'Invalid target: expected an http(s) URL', field: 'target', code: 'invalid' },
      { row: 4, line: 5, reason: 'Invalid target: expected an http(s) URL', field: 'target', code: 'invalid' },
      { row: 5, line: 6, reason: 'Invalid target: expected an http(s) URL', field: 'target', code: 'invalid' },
      { row: 7, line: 8, reason: `Slug "taken" already exists on ${ws.domain}`, field: 'slug', code: 'taken' },
      { row: 8, line: 9, reason: 'Invalid slug: use 1 to 100 letters, digits, hyphens and underscores', field: 'slug', code: 'invalid' },
    ]);
    expect(res.body.created).toBe(3);
    expect(res.body.skipped).toBe(6);
    expect(res.body.links.map((l: any) => [l.domain, l.slug])).toEqual([
      [ws.domain, expect.any(String)],
      [ws.domain, 'taken'],
      [ws.domain, 'fine_slug-2'],
    ]);

    // a slug taken by an existing link of the domain, in a later import
    const again = await importCsv(ws, { csv: 'url,slug\nhttps://example.com/again,fine_slug-2', domain: ws.domain });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      created: 0,
      skipped: 1,
      errors: [{ row: 1, line: 2, reason: `Slug "fine_slug-2" already exists on ${ws.domain}`, field: 'slug', code: 'taken' }],
      links: [],
    });
  });

  test('a custom slug on the default domain is a row error', async () => {
    const ws = await t.bootstrap();
    const res = await importCsv(ws, { csv: 'target,slug\nhttps://example.com/x,mine\nhttps://example.com/y,' });
    expect(res.status).toBe(201);
    expect(res.body.errors).toEqual([
      { row: 1, line: 2, reason: 'Custom slugs need a custom domain: on the default domain slugs are always generated', field: 'slug', code: 'invalid' },
    ]);
    expect(res.body.created).toBe(1);
    expect(res.body.links[0].domain).toBe(DEFAULT_DOMAIN);
  });

  test('tags: at most 10 kept (extras truncated), duplicates merged; an invalid tag is a row error', async () => {
    const ws = await t.bootstrap();
    const twelve = Array.from({ length: 12 }, (_, i) => `t${i + 1}`).join(',');
    const csv = `target,tags\nhttps://example.com/many,"${twelve}"\nhttps://example.com/dup,"a, A ,a"\nhttps://example.com/bad,"ok,b@d"`;
    const res = await importCsv(ws, { csv });
    expect(res.status).toBe(201);
    expect(res.body.links[0].tags).toEqual(['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10']);
    expect(res.body.links[1].tags).toEqual(['a']);
    expect(res.body.errors).toEqual([{ row: 3, line: 4, reason: expect.stringMatching(/^Invalid tag "b@d"/), field: 'tags.1', code: 'invalid' }]);
  });

  test('rows are counted as the CSV is parsed: 2,000,000 rows (4 MB) are refused at row 501, the rest never parsed', async () => {
    const ws = await t.bootstrap();
    const started = performance.now();
    const res = await importCsv(ws, { csv: `url\n${'x\n'.repeat(2_000_000)}` });
    const ms = performance.now() - started;
    expect(res.status).toBe(400);
    // the parser stopped at row 501: it never learnt how many rows the file has
    expect(res.body.error).toBe('CSV has more than 500 data rows; at most 500 per import');
    console.log(`2,000,000-row CSV refused in ${ms.toFixed(0)} ms`);
  });

  test('500 data rows import in one go; 501 is a 400 and writes nothing', async () => {
    const ws = await t.bootstrap();
    const rows = (n: number) => ['url', ...Array.from({ length: n }, (_, i) => `https://example.com/r${i}`)].join('\n');
    const over = await importCsv(ws, { csv: rows(501) });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('CSV has more than 500 data rows; at most 500 per import');
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key })).body.total).toBe(0);

    const max = await importCsv(ws, { csv: rows(500) });
    expect(max.status).toBe(201);
    expect(max.body).toMatchObject({ created: 500, skipped: 0 });
    expect(new Set(max.body.links.map((l: any) => l.slug)).size).toBe(500);
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key })).body.total).toBe(500);
  });
});

describe('the CSV as a file or a body, as curl sends it', () => {
  const csv = 'url,title\nhttps://example.com/one,One\nhttps://example.com/two,Two\n';

  test('a multipart file field (curl -F csv=@links.csv), with format and domain fields', async () => {
    const ws = await t.bootstrap();
    const form = new FormData();
    form.append('csv', new File([csv], 'links.csv', { type: 'text/csv' }));
    form.append('format', 'generic');
    const res = await importCsv(ws, form);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: 2, skipped: 0, errors: [] });
    expect(res.body.links.map((l: any) => l.title)).toEqual(['One', 'Two']);
  });

  test('a multipart text field, and a raw text/csv body with domain in the query', async () => {
    const ws = await workspaceWithDomain();
    const form = new FormData();
    form.append('csv', csv);
    expect((await importCsv(ws, form)).body.created).toBe(2);
    const raw = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links?domain=${ws.domain}`, {
      key: ws.key,
      body: 'target,slug\nhttps://example.com/raw,raw-one\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(raw.status).toBe(201);
    expect(raw.body.links).toEqual([expect.objectContaining({ domain: ws.domain, slug: 'raw-one', target: 'https://example.com/raw' })]);
  });

  test('a multipart form without the csv field is a 400 naming it', async () => {
    const ws = await t.bootstrap();
    const form = new FormData();
    form.append('file', new File([csv], 'links.csv'));
    const res = await importCsv(ws, form);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('csv is required');
  });
});

describe('Bitly exports', () => {
  const bitly = [
    'Bitlink,Long_URL,Title,Tags,Created_At,Clicks',
    'bit.ly/3abcDEF,https://example.com/from-bitly,Launch post,"launch,Blog",2024-01-02 10:00:00,12',
    'bit.ly/3xyz,ftp://example.com/nope,,,2024-01-03 10:00:00,0',
    'bit.ly/3empty,,Nothing,,2024-01-04 10:00:00,0',
  ].join('\n');

  test('auto-detected by the bitlink column: long_url is the target, title and tags kept', async () => {
    const ws = await t.bootstrap();
    const res = await importCsv(ws, { csv: bitly });
    expect(res.status).toBe(201);
    expect(res.body.created).toBe(1);
    expect(res.body.links[0]).toMatchObject({
      target: 'https://example.com/from-bitly',
      title: 'Launch post',
      tags: ['launch', 'blog'],
      domain: DEFAULT_DOMAIN,
    });
    // the Bitly slug is not reused: the default domain generates its own
    expect(res.body.links[0].slug).not.toBe('3abcDEF');
    expect(res.body.errors).toEqual([
      { row: 2, line: 3, reason: 'Invalid target: expected an http(s) URL', field: 'target', code: 'invalid' },
      { row: 3, line: 4, reason: 'Missing target URL', field: 'target', code: 'required' },
    ]);
  });

  test('explicit bitly format uses long_url even when a url column exists; no long_url → 400', async () => {
    const ws = await t.bootstrap();
    const res = await importCsv(ws, { csv: 'url,long_url\nhttps://example.com/url-col,https://example.com/long-col', format: 'bitly' });
    expect(res.status).toBe(201);
    expect(res.body.links[0].target).toBe('https://example.com/long-col');
    const generic = await importCsv(ws, { csv: 'url,long_url\nhttps://example.com/url-col,https://example.com/long-col', format: 'generic' });
    expect(generic.body.links[0].target).toBe('https://example.com/url-col');
    const missing = await importCsv(ws, { csv: 'bitlink,url\nbit.ly/x,https://example.com/x' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('No target column: a Bitly export needs a Destination URL or long_url column');
  });
});

describe('same path as every create', () => {
  test('link.beforeCreate runs with source import; a rejection (governance) becomes the row reason', async () => {
    const ws = await t.bootstrap();
    hookSources.length = 0;
    const res = await importCsv(ws, { csv: 'url\nhttps://example.com/fine\nhttps://blocked.example/x\nhttps://example.com/fine-2' });
    expect(res.status).toBe(201);
    expect(res.body.created).toBe(2);
    expect(res.body.errors).toEqual([{ row: 2, line: 3, reason: 'Governance policy: links to blocked.example are not allowed', code: 'invalid' }]);
    expect(hookSources).toEqual(['import', 'import', 'import']);
  });

  test('the governance policy of a Team workspace is checked per row', async () => {
    const ws = await t.bootstrap({ plan: 'team' });
    const policy = { blocked_domains: ['evil.example'], require_title: true };
    expect((await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { governance: policy } })).status).toBe(200);
    const csv = ['url,title', 'https://example.com/ok,Fine', 'https://www.evil.example/x,Evil', 'https://example.com/untitled,'].join('\n');
    const res = await importCsv(ws, { csv });
    expect(res.status).toBe(201);
    expect(res.body.errors).toEqual([
      { row: 2, line: 3, reason: 'Governance: target domain blocked (www.evil.example is in blocked_domains)', field: 'target', code: 'invalid' },
      { row: 3, line: 4, reason: 'Governance: a title is required (require_title)', field: 'title', code: 'required' },
    ]);
    expect(res.body.links.map((l: any) => l.target)).toEqual(['https://example.com/ok']);
  });

  test('link.validate rules apply: a target on our own short domain is refused', async () => {
    const ws = await t.bootstrap();
    const res = await importCsv(ws, { csv: `url\nhttp://${DEFAULT_DOMAIN}/loop` });
    expect(res.body.errors).toEqual([
      { row: 1, line: 2, reason: 'Invalid target: it points at a short domain of this service (a redirect loop)', field: 'target', code: 'invalid' },
    ]);
  });

  test('link.created events and link.create audit entries for each imported link', async () => {
    const ws = await t.bootstrap();
    const res = await importCsv(ws, { csv: 'url,title\nhttps://example.com/e1,E1\nbad,\nhttps://example.com/e2,E2' });
    const ids = res.body.links.map((l: any) => l.id);
    await t.deps.bus.settle();
    const mine = created.filter((e) => e.workspaceId === ws.workspaceId);
    expect(mine.map((e) => e.data.id).sort()).toEqual([...ids].sort());
    expect(mine.every((e) => e.userId === ws.userId)).toBe(true);
    const audit = await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=link.create`, { key: ws.key });
    expect(audit.body.total).toBe(2);
    expect(audit.body.entries.map((e: any) => JSON.parse(e.details).id).sort()).toEqual([...ids].sort());
  });

  test('imported links redirect like any other', async () => {
    const ws = await t.bootstrap();
    const res = await importCsv(ws, { csv: 'url\nhttps://example.com/landing' });
    const visit = await t.request(`/${res.body.links[0].slug}`);
    // the redirect module may not be mounted in every checkout: then the short URL is a 404
    if (visit.status !== 404) {
      expect(visit.status).toBe(302);
      expect(visit.headers.get('location')).toBe('https://example.com/landing');
    }
  });
});

describe('whole-file errors', () => {
  let ws: Ws;
  beforeAll(async () => {
    ws = await t.bootstrap();
  });

  const cases: [string, unknown, string][] = [
    ['missing csv', {}, ''],
    ['csv not a string', { csv: 42 }, ''],
    ['empty CSV', { csv: '' }, 'CSV is empty'],
    ['blank CSV', { csv: ' \n\n ' }, 'CSV is empty'],
    ['header only', { csv: 'target,title\n' }, 'CSV has no data rows: a header row and at least one link row are needed'],
    ['only empty rows', { csv: 'target,title\n,\n\n' }, 'CSV has no data rows: a header row and at least one link row are needed'],
    ['no target column', { csv: 'link,title\nhttps://example.com,x' }, 'No target column: name one of target, url, destination, long_url'],
    ['unknown format', { csv: 'url\nhttps://example.com', format: 'xlsx' }, ''],
    [
      'unknown domain',
      { csv: 'url\nhttps://example.com', domain: 'not-mine.example.com' },
      "Invalid domain: not-mine.example.com is neither the default domain nor one of this workspace's domains",
    ],
    ['unterminated quote', { csv: 'url,title\nhttps://example.com,"open' }, ''],
  ];
  for (const [name, body, message] of cases) {
    test(`400 ${name}`, async () => {
      const res = await importCsv(ws, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBeString();
      if (message) expect(res.body.error).toBe(message);
    });
  }

  // the bounds checked before papaparse runs, each named with `field: csv` (CSV_BOUNDS)
  const columns = (n: number) => Array.from({ length: n }, (_, i) => (i ? `c${i}` : 'url')).join(',');
  const bounds: [string, string, string, string][] = [
    ['65 columns in the header', `${columns(65)}\nhttps://example.com`, 'CSV has too many columns: line 1 has more than 64; at most 64', 'too_large'],
    ['65 fields in a row', `url\nhttps://example.com${',x'.repeat(64)}`, 'CSV has too many columns: line 2 has more than 64; at most 64', 'too_large'],
    [
      'a field of 16,385 characters',
      `url,title\nhttps://example.com,${'t'.repeat(16_385)}`,
      'CSV field too long: a field ending on line 2 has 16385 characters; at most 16384',
      'too_long',
    ],
    [
      'a line of 80,019 characters',
      `url,c1,c2,c3,c4,c5\nhttps://example.com${`,${'y'.repeat(16_000)}`.repeat(5)}`,
      'CSV line too long: line 2 has more than 65536 characters; at most 65536',
      'too_long',
    ],
    ['10,001 lines (blank ones too)', `url\nhttps://example.com${'\n'.repeat(10_000)}`, 'CSV has more than 10000 lines; at most 10000', 'too_large'],
  ];
  for (const [name, csv, message, code] of bounds) {
    test(`400 ${name}, named`, async () => {
      const res = await importCsv(ws, { csv });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, field: 'csv', code });
    });
  }

  test('within the bounds: 64 columns, a 16,384-character field, a quoted multi-line note, semicolons, blank lines', async () => {
    const csv = `${columns(62).replaceAll(',', ';')};title;note\n\nhttps://example.com/x;${'t'.repeat(16_384)}${';'.repeat(61)}T;"two\nlines; ""quoted"""\n\n`;
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links?dry_run=true`, { key: ws.key, body: { csv } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, skipped: 0, errors: [], links: [{ target: 'https://example.com/x', title: 'T' }] });
  });

  test('nothing was written by the failed imports', async () => {
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key })).body.total).toBe(0);
  });

  test('401 without or with a bad key, 404 other workspace, 403 for a viewer; an editor may import', async () => {
    const csv = 'url\nhttps://example.com/role';
    expect((await t.api('POST', `/workspaces/${ws.workspaceId}/import/links`, { body: { csv } })).status).toBe(401);
    expect((await importCsv(ws, { csv }, 'lh_wrong')).status).toBe(401);
    const other = await t.bootstrap();
    expect((await importCsv(ws, { csv }, other.key)).status).toBe(404);
    const viewer = await memberWithKey(t, ws.workspaceId, 'viewer');
    const denied = await importCsv(ws, { csv }, viewer.key);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('This action needs the editor role or higher; you are viewer');
    const editor = await memberWithKey(t, ws.workspaceId, 'editor');
    expect((await importCsv(ws, { csv }, editor.key)).status).toBe(201);
  });

  test('429 after 5 imports in 10 seconds per workspace (the bulk-create budget)', async () => {
    const busy = await t.bootstrap();
    for (let i = 0; i < 5; i++) expect((await importCsv(busy, { csv: `url\nhttps://example.com/rl${i}` })).status).toBe(201);
    const limited = await importCsv(busy, { csv: 'url\nhttps://example.com/rl-over' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBeString();
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // another workspace has its own budget
    expect((await importCsv(await t.bootstrap(), { csv: 'url\nhttps://example.com/other' })).status).toBe(201);
  });

  test('previews (dry_run) have a budget of their own: 30 a minute, and they never spend the import budget', async () => {
    const busy = await t.bootstrap();
    const preview = (i: number) =>
      t.api('POST', `/workspaces/${busy.workspaceId}/import/links?dry_run=true`, { key: busy.key, body: { csv: `url\nhttps://example.com/p${i}` } });
    for (let i = 0; i < 30; i++) expect((await preview(i)).status).toBe(200);
    const limited = await preview(30);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // the 31 previews left the import budget whole: five imports in a row still pass
    for (let i = 0; i < 5; i++) expect((await importCsv(busy, { csv: `url\nhttps://example.com/after${i}` })).status).toBe(201);
    expect((await importCsv(busy, { csv: 'url\nhttps://example.com/after-over' })).status).toBe(429);
  });
});

test("a row's line is the file's line it starts on: the header is line 1, blank lines and a quoted cell's line breaks count", async () => {
  const ws = await t.bootstrap();
  // line 1 header, 2 row 1, 3 blank, 4-6 row 2 (a note over three lines), 7 row 3 (refused)
  const csv = 'url,note\r\nhttps://example.com/1,\r\n\r\nhttps://example.com/2,"one\r\ntwo\r\nthree"\r\nftp://example.com/3,\r\n';
  const res = await importCsv(ws, { csv });
  expect(res.status).toBe(201);
  expect(res.body.errors).toEqual([{ row: 3, line: 7, reason: 'Invalid target: expected an http(s) URL', field: 'target', code: 'invalid' }]);
  const lf = await importCsv(ws, { csv: csv.replaceAll('\r\n', '\n') });
  expect(lf.body.errors).toEqual(res.body.errors);
});
