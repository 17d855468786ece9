import { afterAll, beforeAll, expect, test } from 'bun:test';
import Papa from 'papaparse';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * The streamed import (`POST …/import/links/stream`): no 500-row cap, rows written in transactions
 * of 500, one JSON line of progress per batch, row errors numbered as in the 500-row import (data
 * row and file line, the header being line 1).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Ws = { workspaceId: string; key: string };
const streamed = async (ws: Ws, csv: string, query = '') => {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links/stream${query}`, {
    key: ws.key,
    body: csv,
    headers: { 'content-type': 'text/csv' },
  });
  return {
    ...res,
    lines:
      res.status === 200
        ? res.text
            .trimEnd()
            .split('\n')
            .map((l) => JSON.parse(l))
        : [],
  };
};

// 20,000 rows: ~15 s on the embedded database since each batch inserts its links and their audit entries a
// statement at a time (one round trip a row each before, which took minutes on a busy machine)
const ROWS = Number(process.env.IMPORT_STREAM_ROWS ?? 20_000);
const BATCHES = ROWS / 500;

test(`${ROWS} rows: imported in ${BATCHES} batches with progress; a bad row reported with its row and line`, async () => {
  const ws = await t.bootstrap({ plan: 'agency' });
  const rows = Array.from({ length: ROWS }, (_, i) => (i === 17 ? 'ftp://example.com/bad,Bad' : `https://example.com/${i},Link ${i}`));
  const csv = `url,title\n${rows.join('\n')}\n`;
  const res = await streamed(ws, csv);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toStartWith('application/x-ndjson');
  const [start, ...rest] = res.lines;
  expect(start).toEqual({ type: 'start', format: 'generic', total: ROWS, dry_run: false });
  const progress = rest.filter((l) => l.type === 'progress');
  expect(progress).toHaveLength(BATCHES);
  expect(progress.map((p) => p.rows)).toEqual(Array.from({ length: BATCHES }, (_, i) => (i + 1) * 500));
  // the 18th data row is on the file's 19th line: the API says both
  expect(progress[0].errors).toEqual([{ row: 18, line: 19, reason: 'Invalid target: expected an http(s) URL', field: 'target', code: 'invalid' }]);
  expect(rest.at(-1)).toEqual({ type: 'done', format: 'generic', total: ROWS, dry_run: false, rows: ROWS, created: ROWS - 1, skipped: 1 });
  expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links?limit=1`, { key: ws.key })).body.total).toBe(ROWS - 1);
  // every row stored, once, with its own title (the links export lists them all)
  const exported = Papa.parse<Record<string, string>>((await t.api('GET', `/workspaces/${ws.workspaceId}/export/links`, { key: ws.key })).text, {
    header: true,
    skipEmptyLines: true,
  }).data;
  const stored = new Map(exported.map((r) => [r.target, r.title]));
  expect(stored.size).toBe(ROWS - 1);
  for (let i = 0; i < ROWS; i++) if (i !== 17) expect(stored.get(`https://example.com/${i}`)).toBe(`Link ${i}`);
}, 120_000);

test('a dry run streams the same progress and writes nothing; whole-file problems are a 400 before any line', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const csv = `url\n${Array.from({ length: 1200 }, (_, i) => `https://example.com/${i}`).join('\r\n')}`;
  const res = await streamed(ws, csv, '?dry_run=true');
  expect(res.lines.map((l) => l.type)).toEqual(['start', 'progress', 'progress', 'progress', 'done']);
  expect(res.lines.at(-1)).toMatchObject({ created: 1200, dry_run: true });
  expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key })).body.total).toBe(0);

  const noTarget = await streamed(ws, 'title\nx');
  expect(noTarget.status).toBe(400);
  expect(noTarget.body.error).toMatch(/^No target column/);
  expect((await streamed(ws, '')).status).toBe(400);
  expect((await streamed(ws, 'url\n')).status).toBe(400);
});

test('JSON Lines stream too: a full-fidelity export of more than 500 links', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const text = Array.from({ length: 700 }, (_, i) =>
    JSON.stringify({ target: `https://example.com/${i}`, tags: ['bulk'], created_at: '2024-01-01T00:00:00.000Z', click_count: i }),
  ).join('\n');
  const res = await streamed(ws, text);
  expect(res.lines.at(-1)).toMatchObject({ type: 'done', format: 'linkhop', created: 700, skipped: 0 });
});

/**
 * Line numbers past a pause of the reader: the streamed import pauses papaparse after each batch and the
 * 500-row import every 20 rows, and papaparse's cursor counts from the pause point after a resume (the
 * lines of later rows came out 7 to 29 too far). A quoted line break in row 1 and a blank line after row
 * 100 move every later row one line further each.
 */
test('rows after a pause carry their own line: a quoted line break and a blank line before them', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const csvOf = (rows: number, bad: number[]) => {
    const lines = ['\n', 'url,title'];
    for (let i = 1; i <= rows; i++) {
      if (i === 1) lines.push('https://example.com/1,"Line one\nline two"');
      else if (bad.includes(i)) lines.push(`,Row ${i} has no URL`);
      else lines.push(`https://example.com/${i},Item ${i}`);
      if (i === 100) lines.push('   ');
    }
    return `${lines.join('\n')}\n`;
  };
  // data row n: two blank lines before the header, the header and row 1's quoted break put it on line n + 4, and past row 100 the blank line on n + 5
  const expected = (rows: number[]) => rows.map((row) => ({ row, line: row + (row > 100 ? 5 : 4) }));
  const res = await streamed(ws, csvOf(1200, [3, 99, 101, 700, 1199]), '?dry_run=true');
  expect(res.body?.error).toBeUndefined();
  const errors = res.lines.flatMap((l) => l.errors ?? []).map((e: any) => ({ row: e.row, line: e.line }));
  expect(errors).toEqual(expected([3, 99, 101, 700, 1199]));
  expect(res.lines.at(-1)).toMatchObject({ type: 'done', total: 1200, created: 1195, skipped: 5 });

  const capped = await t.api('POST', `/workspaces/${ws.workspaceId}/import/links?dry_run=true`, { key: ws.key, body: { csv: csvOf(400, [3, 99, 101, 377]) } });
  expect(capped.status).toBe(200);
  expect(capped.body.errors.map((e: any) => ({ row: e.row, line: e.line }))).toEqual(expected([3, 99, 101, 377]));
});

test('a table saved from Shlink’s CLI streams too (test/import-export/formats.test.ts cites its source)', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const table = await Bun.file(new URL('./samples/shlink-cli.txt', import.meta.url)).text();
  const res = await streamed(ws, table, '?dry_run=true');
  expect(res.lines[0]).toEqual({ type: 'start', format: 'shlink', total: 4, dry_run: true });
  expect(res.lines[1].errors).toEqual([{ row: 4, line: 7, reason: 'Invalid target: expected an http(s) URL', field: 'target', code: 'invalid' }]);
  expect(res.lines.at(-1)).toMatchObject({ type: 'done', created: 3, skipped: 1 });
});
