import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { domains } from '../../modules/domains/schema';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { signedIn } from './links-fixtures';
import { sessionFetch } from './session-api';

warnIfNoChromium('import-export.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

const pageUrl = (workspaceId: string) => d.appUrl(`/w/${workspaceId}/import-export`);
const linkTotal = async (workspaceId: string, key: string) => (await d.t.api('GET', `/workspaces/${workspaceId}/links?limit=1`, { key })).body.total as number;

/**
 * 1,200 data rows: the first title holds a quoted line break (one row, two lines of text), a blank line
 * follows data row 100 (no row: the API skips it too), data row 3 has an invalid URL and data row 700
 * (in the second request) no URL. The dashboard names them by the file's lines, 5 and 703 (the header is
 * line 1, the title's line break and the blank line count), as the API's `line` would for the whole file.
 */
function longCsv(): string {
  const lines = ['url,title,tags'];
  for (let i = 1; i <= 1200; i++) {
    if (i === 1) lines.push('https://example.com/1,"Line one\nline two","spring,sale"');
    else if (i === 3) lines.push('not-a-url,Broken,');
    else if (i === 700) lines.push(',No destination,');
    else lines.push(`https://example.com/${i},Item ${i},`);
    if (i === 100) lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Records every value the import's progressbar shows (its aria-valuetext), from now on: the API reports
 * after each batch of 500 rows and the page must show each report, not jump to the end.
 */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as any).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('progress')?.getAttribute('aria-valuetext');
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuetext'] });
  });
  return () => page.evaluate(() => (window as any).progressSeen as string[]);
}

const chooseFile = (page: Page, name: string, text: string, mimeType = 'text/csv') =>
  page.getByLabel('File to import').setInputFiles({ name, mimeType, buffer: Buffer.from(text) });

/** Chooses a file and waits for its preview (the API's dry run) to answer: what it would create, or why the file is refused. */
async function choosePreviewed(page: Page, name: string, text: string, mimeType?: string) {
  await chooseFile(page, name, text, mimeType);
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByRole('status').filter({ hasText: 'would be created' }).or(preview.getByRole('alert')).waitFor({ timeout: 60_000 });
  return preview;
}

describe.skipIf(skipBrowser)('Import & export page', () => {
  test('owner: a 1,200-row file goes in one streamed request, its progress shown batch by batch; row errors carry the line in the file; a cancel says what is stored', async () => {
    const { page, cspViolations, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'pro' });
    // the domain choice: the default domain and the verified custom domain, not the unverified one
    await d.t.deps.db.insert(domains).values([
      { id: crypto.randomUUID(), workspaceId, domain: `ok-${workspaceId.slice(-6)}.example.com`, verified: true, verifyToken: 't1' },
      { id: crypto.randomUUID(), workspaceId, domain: `wait-${workspaceId.slice(-6)}.example.com`, verified: false, verifyToken: 't2' },
    ]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import & export' }).click();
    await page.getByRole('heading', { name: 'Import & export', level: 1 }).waitFor();
    const domainOptions = page.getByLabel('Domain').locator('option');
    await domainOptions.nth(1).waitFor({ state: 'attached' });
    expect(await domainOptions.allTextContents()).toEqual(['go.linkhop.test', `ok-${workspaceId.slice(-6)}.example.com`]);
    expect(await page.getByLabel('Format').locator('option').allTextContents()).toEqual([
      'Detect from the columns',
      'Generic CSV',
      'Bitly export',
      'Shlink export',
      'YOURLS export',
      'Kutt export',
      'Linkhop export',
    ]);

    // no file: said at the field, nothing sent
    await page.getByRole('button', { name: 'Import links' }).click();
    await page.getByText('Choose a file to import').waitFor();
    await checkA11y(page);

    // the preview is one streamed dry run of the whole file, and writes nothing
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/import/links') && requests.push(new URL(r.url()).pathname + new URL(r.url()).search));
    const before = await linkTotal(workspaceId, key!);
    const preview = await choosePreviewed(page, 'links.csv', longCsv());
    await preview.getByText('1,200 rows: 1,198 would be created, 2 skipped').waitFor();
    await expect(
      preview
        .getByRole('table', { name: /Rows that would be skipped/ })
        .getByRole('rowheader')
        .allTextContents(),
    ).resolves.toEqual(['Line 5', 'Line 703']);
    expect(await linkTotal(workspaceId, key!)).toBe(before);

    const seen = await recordProgress(page);
    await page.getByRole('button', { name: 'Import links' }).click();
    const summary = page.getByRole('region', { name: 'Import finished' });
    await summary.waitFor({ timeout: 60_000 });
    // one request each, to the streamed route: no 500-row parts any more
    expect(requests).toEqual([
      `/api/workspaces/${workspaceId}/import/links/stream?format=auto&dry_run=true`,
      `/api/workspaces/${workspaceId}/import/links/stream?format=auto`,
    ]);
    // each of the API's reports was shown: 500, 1,000, then 1,200 (the first, before the count, says the file is being sent)
    expect((await seen()).filter((v) => v.endsWith('rows'))).toEqual(['0 of 1,200 rows', '500 of 1,200 rows', '1,000 of 1,200 rows', '1,200 of 1,200 rows']);
    expect(await summary.locator('.import-counts').innerText()).toMatch(/Created\s+1,198\s+Skipped\s+2/);
    const errors = summary.getByRole('table', { name: /Rows not imported/ });
    const errorRows = await errors
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => (r as HTMLElement).innerText.split('\t').map((c) => c.trim())));
    expect(errorRows).toEqual([
      ['Line 5', expect.stringMatching(/url/i)],
      ['Line 703', 'Missing target URL'],
    ]);
    expect(await summary.getByRole('table', { name: 'Links created, 1198 in all' }).getByRole('row').count()).toBe(101);
    expect(await linkTotal(workspaceId, key!)).toBe(before + 1198);
    // the quoted line break stayed in its row's title
    const first = await d.t.api('GET', `/workspaces/${workspaceId}/links?q=Line%20one`, { key });
    expect(first.body.links.map((l: any) => [l.title, l.tags])).toEqual([['Line one\nline two', ['spring', 'sale']]]);
    await checkA11y(page);

    // a file of 6,000 rows, cancelled once the first batch is reported: the API stops after the batch it is writing,
    // and the page says which rows are in (those reported, and the batch under way) and which are not
    const big = `url\n${Array.from({ length: 6000 }, (_, i) => `https://example.com/big/${i}`).join('\n')}\n`;
    const bigPreview = await choosePreviewed(page, 'big.csv', big);
    await bigPreview.getByText('6,000 rows: 6,000 would be created, 0 skipped').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Import links' }).click();
    const progress = page.getByRole('progressbar', { name: 'Importing…' });
    await progress.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => /^[1-9][\d,]* of 6,000 rows$/.test(document.querySelector('progress')?.getAttribute('aria-valuetext') ?? ''), undefined, {
      timeout: 60_000,
    });
    await page
      .getByRole('status')
      .filter({ hasText: /of 6,000 rows · [\d,]+ created, 0 skipped so far/ })
      .waitFor();
    await checkA11y(page);
    await screenshot(page, 'import-progress', undefined, progress);
    await page.getByRole('button', { name: 'Cancel import' }).click();
    const cancelled = page.getByRole('region', { name: 'Import cancelled' });
    await cancelled.waitFor({ timeout: 30_000 });
    await screenshot(page, 'import-cancelled', undefined, cancelled);
    const reported = Number((await cancelled.locator('.import-counts dd').first().innerText()).replace(/,/g, ''));
    expect(reported % 500).toBe(0);
    expect(reported).toBeGreaterThan(0);
    expect(reported).toBeLessThan(6000);
    const last = Math.min(reported + 500, 6000);
    const said = `Rows 1 to ${reported.toLocaleString('en')} were imported: ${reported.toLocaleString('en')} links created. Rows ${(reported + 1).toLocaleString('en')} to ${last.toLocaleString('en')} were being written when you cancelled: they are imported as well (those that are valid), as the Links page shows.`;
    await cancelled.getByText(last < 6000 ? `${said} Rows ${(last + 1).toLocaleString('en')} to 6,000 were not imported.` : said).waitFor();
    // what the page said is what is stored: the server stops after the batch under way (give it time to finish it)
    let stored = 0;
    for (let i = 0; i < 60 && stored !== last; i++) {
      await Bun.sleep(500);
      stored = (await linkTotal(workspaceId, key!)) - before - 1198;
    }
    await Bun.sleep(3_000);
    expect((await linkTotal(workspaceId, key!)) - before - 1198).toBe(last);
    await checkA11y(page);
    expect(cspViolations).toEqual([]);
  }, 240_000);

  test('choosing another tool’s export previews it as the API’s dry run would do it: format, counts, rows skipped or changed, short codes kept only on a custom domain', async () => {
    const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'pro' });
    const domain = `keep-${workspaceId.slice(-6)}.example.com`;
    await d.t.deps.db.insert(domains).values({ id: crypto.randomUUID(), workspaceId, domain, verified: true, verifyToken: 't4' });
    await page.goto(pageUrl(workspaceId));
    // what the API answers for the same file
    const dryRun = async (csv: string, onDomain?: string) => {
      const answer = await d.t.api('POST', `/workspaces/${workspaceId}/import/links?dry_run=true`, { key, body: { csv, domain: onDomain } });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    for (const [sample, name] of [
      ['bitly', 'Bitly export'],
      ['shlink', 'Shlink export'],
      ['yourls', 'YOURLS export'],
      ['kutt', 'Kutt export'],
    ] as const) {
      const csv = readFileSync(new URL(`../import-export/samples/${sample}.csv`, import.meta.url), 'utf8');
      const expected = await dryRun(csv);
      const preview = await choosePreviewed(page, `${sample}.csv`, csv);
      await preview.getByRole('status').getByText(name, { exact: true }).waitFor();
      await preview.getByText(`${expected.created} would be created, ${expected.skipped} skipped`).waitFor();
      // rows refused and rows changed, numbered as the API's `row` (data rows from 1)
      const notes = async (table: string) =>
        (await preview.getByRole('table', { name: new RegExp(`^${table}, `) }).count())
          ? await preview
              .getByRole('table', { name: new RegExp(`^${table}, `) })
              .getByRole('row')
              .evaluateAll((rows) => rows.slice(1).map((r) => (r as HTMLElement).innerText.split('\t').map((c) => c.trim())))
          : [];
      expect(await notes('Rows that would be skipped')).toEqual(
        expected.errors.map((e: any) => [e.line === undefined ? `Row ${e.row}` : `Line ${e.line}`, e.reason]),
      );
      expect(await notes('Rows that would change')).toEqual(
        expected.warnings.map((w: any) => [w.line === undefined ? `Row ${w.row}` : `Line ${w.line}`, w.reason]),
      );
      // on the default domain the short codes are generated, and said so per row
      expect(expected.warnings.length).toBeGreaterThan(0);
      expect(expected.warnings.every((w: any) => /not kept/.test(w.reason))).toBe(true);
    }
    // the last sample (Kutt) onto the custom domain: its short codes are kept, the preview shows them, the import makes them
    await page.getByLabel('Domain').selectOption(domain);
    const preview = page.getByRole('region', { name: 'Preview' });
    const wouldCreate = preview.getByRole('table', { name: /^Links it would create, / });
    await wouldCreate
      .getByRole('rowheader', { name: new RegExp(`^${domain.replace(/\./g, '\\.')}/`) })
      .first()
      .waitFor({ timeout: 30_000 });
    const kutt = readFileSync(new URL('../import-export/samples/kutt.csv', import.meta.url), 'utf8');
    const onDomain = await dryRun(kutt, domain);
    const keptCodes = Papa.parse<Record<string, string>>(kutt.trim(), { header: true }).data.map((r) => r.address);
    expect(onDomain.links.map((l: any) => l.slug)).toEqual(keptCodes.filter((code) => /^[A-Za-z0-9_-]+$/.test(code!)));
    const shown = (await wouldCreate.getByRole('rowheader').allTextContents()).map((cell) => cell.split('/')[1]);
    expect(shown).toEqual(onDomain.links.map((l: any) => l.slug));
    // the preview's links do not exist yet (generated slugs are drawn afresh on import): nothing offers to copy them
    expect(await wouldCreate.getByRole('button', { name: /^Copy / }).count()).toBe(0);
    expect(await linkTotal(workspaceId, key!)).toBe(0);
    await checkA11y(page);
    await screenshot(page, 'import-preview', DOCS_SCREENSHOTS);
    await page.getByRole('button', { name: 'Import links' }).click();
    await page.getByRole('region', { name: 'Import finished' }).waitFor({ timeout: 30_000 });
    const made = (await d.t.api('GET', `/workspaces/${workspaceId}/links?domain=${domain}&limit=100`, { key })).body.links;
    expect(made.map((l: any) => l.slug).sort()).toEqual(onDomain.links.map((l: any) => l.slug).sort());
  }, 120_000);

  test('JSON from the file picker: Kutt’s API link list and a Linkhop JSON Lines export preview as the API reads them, and import', async () => {
    const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'pro' });
    const domain = `json-${workspaceId.slice(-6)}.example.com`;
    await d.t.deps.db.insert(domains).values({ id: crypto.randomUUID(), workspaceId, domain, verified: true, verifyToken: 't5' });
    await page.goto(pageUrl(workspaceId));
    const dryRun = async (text: string, onDomain?: string) => {
      const answer = await d.t.api('POST', `/workspaces/${workspaceId}/import/links?dry_run=true`, { key, body: { csv: text, domain: onDomain } });
      expect(answer.status).toBe(200);
      return answer.body;
    };

    // Kutt's GET /api/v2/links answer, saved as a file (test/import-export/samples/kutt.json cites its source)
    const kutt = readFileSync(new URL('../import-export/samples/kutt.json', import.meta.url), 'utf8');
    const kuttExpected = await dryRun(kutt);
    const kuttPreview = await choosePreviewed(page, 'kutt-links.json', kutt, 'application/json');
    await kuttPreview.getByRole('status').getByText('Kutt export', { exact: true }).waitFor();
    await kuttPreview.getByText(`${kuttExpected.created} would be created, ${kuttExpected.skipped} skipped`).waitFor();
    expect(kuttExpected.created).toBeGreaterThan(0);
    // its short codes are generated on the default domain: the preview warns they are dropped
    const dropped = kuttExpected.warnings.filter((w: any) => w.field === 'slug').length;
    expect(dropped).toBeGreaterThan(0);
    await kuttPreview.getByRole('note').getByText(`${dropped} short codes from the file will not be kept`).waitFor();

    // a Linkhop full-fidelity export (JSON Lines), as another workspace's GET …/export/links?format=jsonl gives it
    const source = await d.t.bootstrap({ plan: 'pro' });
    for (const [i, title] of ['Spring sale', 'Careers', 'Pricing'].entries()) {
      const made = await d.t.api('POST', `/workspaces/${source.workspaceId}/links`, {
        key: source.key,
        body: { target: `https://example.com/jsonl/${i}`, title, tags: ['moved'] },
      });
      expect(made.status).toBe(201);
    }
    const jsonl = (await d.t.api('GET', `/workspaces/${source.workspaceId}/export/links?format=jsonl`, { key: source.key })).text;
    expect(jsonl.trim().split('\n')).toHaveLength(3);
    const expected = await dryRun(jsonl);
    const preview = await choosePreviewed(page, 'links.jsonl', jsonl, 'application/x-ndjson');
    await preview.getByRole('status').getByText('Linkhop export', { exact: true }).waitFor();
    await preview.getByText(`3 rows: ${expected.created} would be created, ${expected.skipped} skipped`).waitFor();
    const wouldCreate = preview.getByRole('table', { name: 'Links it would create, 3 in all' });
    await wouldCreate.waitFor();
    expect(await wouldCreate.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Spring sale', 'Careers', 'Pricing']));
    await checkA11y(page);
    await screenshot(page, 'import-json-preview', undefined, preview);
    await page.getByRole('button', { name: 'Import links' }).click();
    const summary = page.getByRole('region', { name: 'Import finished' });
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.locator('.import-counts').innerText()).toMatch(/Created\s+3\s+Skipped\s+0/);
    const made = (await d.t.api('GET', `/workspaces/${workspaceId}/links?tag=moved`, { key })).body.links;
    expect(made.map((l: any) => l.title).sort()).toEqual(['Careers', 'Pricing', 'Spring sale']);
    await checkA11y(page);
  }, 120_000);

  test('an import refused part-way, or whose connection fails, says what is stored', async () => {
    const { page, workspaceId } = await signedIn(d, { role: 'owner', plan: 'pro' });
    await page.goto(pageUrl(workspaceId));
    const csv = `url\n${Array.from({ length: 1200 }, (_, i) => `https://example.com/part/${i}`).join('\n')}\n`;
    await choosePreviewed(page, 'part.csv', csv);
    // the server's answer as it would stream it when its second batch is refused as a whole (a plan quota: 402)
    const link = {
      id: crypto.randomUUID(),
      domain: 'go.linkhop.test',
      slug: 'a1',
      target: 'https://example.com/part/0',
      title: null,
      tags: [],
      short_url: 'https://go.linkhop.test/a1',
    };
    const lines = [
      { type: 'start', format: 'generic', total: 1200, dry_run: false },
      { type: 'progress', rows: 500, total: 1200, created: 500, skipped: 0, errors: [], warnings: [], links: [link] },
      { type: 'failed', error: 'The plan allows no more links', code: 'plan_limit', status: 402, rows: 500, created: 500, skipped: 0, total: 1200 },
    ];
    await page.route('**/import/links/stream?format=auto', (route) =>
      route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: lines.map((l) => JSON.stringify(l)).join('\n') }),
    );
    await page.getByRole('button', { name: 'Import links' }).click();
    const stopped = page.getByRole('region', { name: 'Import stopped' });
    await stopped.waitFor({ timeout: 30_000 });
    await stopped.getByText('The plan allows no more links').waitFor();
    await stopped
      .getByText('Rows 1 to 500 were imported: 500 links created. The rest, rows 501 to 1,200, was not imported: the part that failed was undone.')
      .waitFor();
    await checkA11y(page);

    // no answer at all: the page cannot know whether the server began, and says so
    await page.unrouteAll();
    await page.route('**/import/links/stream?format=auto', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Import links' }).click();
    const cut = page.getByRole('region', { name: 'Import interrupted' });
    await cut.waitFor({ timeout: 30_000 });
    await cut
      .getByText(
        'The server had not reported yet when the connection was lost: if it had begun, its first part (up to 500 rows) is imported, as the Links page shows; nothing after it is.',
      )
      .waitFor();
    await checkA11y(page);
  }, 120_000);

  test('owner: links and clicks CSV download as files with the names the API gives, holding the workspace’s rows', async () => {
    const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'team' });
    const api = (method: string, path: string, body?: unknown) => d.t.api(method, `/workspaces/${workspaceId}${path}`, { key, body });
    const a = (await api('POST', '/links', { target: 'https://example.com/a', title: 'Alpha, "quoted"' })).body;
    const b = (await api('POST', '/links', { target: 'https://example.com/b' })).body;
    // test-only seed: two clicks on a
    await d.t.deps.db.execute(sql`
      insert into clicks (id, link_id, workspace_id, clicked_at, country, referer, browser, os, device)
      values (${crypto.randomUUID()}::uuid, ${a.id}::uuid, ${workspaceId}::uuid, now() - interval '1 hour', 'DE', null, 'Chrome', 'Linux', 'desktop'),
             (${crypto.randomUUID()}::uuid, ${a.id}::uuid, ${workspaceId}::uuid, now(), 'FR', 'https://news.example/', 'Firefox', 'Windows', 'mobile')`);
    const slug = (await api('GET', '')).body.slug;
    await page.goto(pageUrl(workspaceId));

    const download = async (name: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
      return {
        filename: file.suggestedFilename(),
        rows: Papa.parse<Record<string, string>>(readFileSync((await file.path())!, 'utf8'), { header: true }).data,
      };
    };
    const links = await download('Download links CSV');
    expect(links.filename).toBe(`links-${slug}.csv`);
    expect(links.rows.map((r) => [r.id, r.target, r.title]).sort()).toEqual(
      [
        [a.id, 'https://example.com/a', 'Alpha, "quoted"'],
        [b.id, 'https://example.com/b', ''],
      ].sort(),
    );
    const clicks = await download('Download clicks CSV');
    expect(clicks.filename).toBe(`clicks-${slug}.csv`);
    expect(clicks.rows.map((r) => [r.link_id, r.country, r.device])).toEqual([
      [a.id, 'FR', 'mobile'],
      [a.id, 'DE', 'desktop'],
    ]);
  }, 120_000);

  test('a Bitly export onto the chosen custom domain; a 429 is waited out and the same rows sent again', async () => {
    const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'pro' });
    const domain = `bitly-${workspaceId.slice(-6)}.example.com`;
    await d.t.deps.db.insert(domains).values({ id: crypto.randomUUID(), workspaceId, domain, verified: true, verifyToken: 't3' });
    await page.goto(pageUrl(workspaceId));
    // the first request is answered as a busy server would; the page says so, waits and sends it again
    let requests = 0;
    await page.route('**/api/workspaces/*/import/links/stream*', async (route) => {
      if (new URL(route.request().url()).searchParams.has('dry_run')) return route.continue();
      if (++requests === 1)
        return route.fulfill({ status: 429, headers: { 'retry-after': '2', 'content-type': 'application/json' }, body: '{"error":"Too many requests"}' });
      await route.continue();
    });
    const bitly = [
      'Bitlink,Long_URL,Title,Tags,Created_At,Clicks',
      'bit.ly/3abcDEF,https://example.com/from-bitly,Launch post,"launch,Blog",2024-01-02 10:00:00,12',
      'bit.ly/3xyz,ftp://example.com/nope,,,2024-01-03 10:00:00,0',
    ].join('\n');
    await choosePreviewed(page, 'bitly-export.csv', bitly);
    await page.getByLabel('Format').selectOption({ label: 'Bitly export' });
    await page.getByLabel('Domain').selectOption(domain);
    await page
      .getByRole('table', { name: 'Links it would create, 1 in all' })
      .getByRole('rowheader', { name: new RegExp(`^${domain}/`) })
      .waitFor();
    await page.getByRole('button', { name: 'Import links' }).click();
    await page.getByRole('status').filter({ hasText: 'the server asks to slow down, next try in' }).waitFor();
    const summary = page.getByRole('region', { name: 'Import finished' });
    await summary.waitFor({ timeout: 15_000 });
    expect(requests).toBe(2);
    expect(await summary.locator('.import-counts').innerText()).toMatch(/Created\s+1\s+Skipped\s+1/);
    // the ftp row: data row 2, on the file's line 3, as the API's `line` says
    await summary.getByRole('row', { name: /Line 3/ }).waitFor();
    const created = (await d.t.api('GET', `/workspaces/${workspaceId}/links?domain=${domain}`, { key })).body.links;
    expect(created.map((l: any) => [l.domain, l.target, l.title, l.tags])).toEqual([
      [domain, 'https://example.com/from-bitly', 'Launch post', ['launch', 'blog']],
    ]);
  }, 120_000);

  test('an empty file is caught in the browser, a header-only file in the preview, a file refused whole stops with the API’s message; then an import with a couple of row errors (screenshots, wide and 375 px)', async () => {
    const { page, workspaceId } = await signedIn(d, { role: 'owner', plan: 'pro' });
    await page.goto(pageUrl(workspaceId));
    // an empty file is caught in the browser; a file the API refuses whole is said in the preview, and stops with its message
    await chooseFile(page, 'empty.csv', ' \n\n');
    await page.getByText('The file is empty').waitFor();
    const headerOnly = await choosePreviewed(page, 'header.csv', 'url,title\n\n');
    await headerOnly.getByRole('alert').getByText('CSV has no data rows: a header row and at least one link row are needed').waitFor();
    const refused = await choosePreviewed(page, 'wrong.csv', 'name,title\nx,y');
    await refused.getByRole('alert').getByText('No target column: name one of target, url, destination, long_url').waitFor();
    await page.getByRole('button', { name: 'Import links' }).click();
    await page
      .getByRole('region', { name: 'Import stopped' })
      .getByRole('alert')
      .getByText('No target column: name one of target, url, destination, long_url')
      .waitFor();
    await page.getByRole('region', { name: 'Import stopped' }).getByText('Nothing was imported.').waitFor();
    await checkA11y(page);
    const csv = [
      'url,title,tags',
      'https://example.com/spring-sale,Spring sale,"spring,sale"',
      'https://example.com/blog/launch-announcement-with-a-long-address,Launch post,blog',
      'example.com/no-scheme,Missing scheme,',
      'https://example.com/pricing,Pricing,',
      ',Forgot the address,',
      'https://example.com/careers,Careers,jobs',
    ].join('\n');
    await choosePreviewed(page, 'campaign.csv', csv);
    await page.getByRole('button', { name: 'Import links' }).click();
    await page.getByRole('region', { name: 'Import finished' }).waitFor();
    // the outcome takes the focus (the progress it replaces is gone), once it has rendered: wait for it
    // rather than read it at once (CI read the body's text once, before the focus had moved)
    await page.waitForFunction(() => document.activeElement?.textContent === 'Import finished', undefined, { timeout: 5_000 });
    await checkA11y(page);
    await screenshot(page, 'import-export', DOCS_SCREENSHOTS);
  }, 120_000);

  test('roles and plans: a viewer neither imports nor exports, an editor imports, an admin also exports; every plan offers the same', async () => {
    const { workspaceId } = await signedIn(d, { role: 'owner', plan: 'free' });
    const importBody = { csv: 'url\nhttps://example.com/role' };
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      const { page, cspViolations } = await signedIn(d, { role, workspaceId });
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Links' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Import & export' }).count()).toBe(role === 'viewer' ? 0 : 1);
      await page.goto(pageUrl(workspaceId));
      await page.getByRole('heading', { name: 'Import & export', level: 1 }).waitFor();
      if (role === 'viewer') {
        await page
          .getByRole('note')
          .getByText('Editors, admins and the owner import links; admins and the owner download exports. Your role in this workspace is viewer.')
          .waitFor();
        expect(await page.getByLabel('File to import').count()).toBe(0);
      } else {
        await choosePreviewed(page, 'one.csv', `url,title\nhttps://example.com/${role},By ${role}`);
        await page.getByRole('button', { name: 'Import links' }).click();
        await page
          .getByRole('region', { name: 'Import finished' })
          .getByRole('rowheader', { name: /go\.linkhop\.test\// })
          .waitFor();
      }
      if (role === 'editor')
        await page
          .getByRole('note')
          .getByText('Only admins and the owner download the links and clicks exports. Your role in this workspace is editor.')
          .waitFor();
      expect(await page.getByRole('link', { name: 'Download links CSV' }).count()).toBe(role === 'admin' ? 1 : 0);
      await checkA11y(page);
      // the API agrees with what the page offers
      expect(await sessionFetch(page, 'POST', `/workspaces/${workspaceId}/import/links`, importBody)).toBe(role === 'viewer' ? 403 : 201);
      expect(await sessionFetch(page, 'GET', `/workspaces/${workspaceId}/export/links`)).toBe(role === 'admin' ? 200 : 403);
      expect(await sessionFetch(page, 'GET', `/workspaces/${workspaceId}/export/clicks`)).toBe(role === 'admin' ? 200 : 403);
      expect(cspViolations).toEqual([]);
      await page.context().close();
    }
    // the page does not differ by plan (import and export are on every plan): the owner of each gets both
    for (const plan of ['free', 'team', 'agency'] as const) {
      const { page, workspaceId: ws } = await signedIn(d, { role: 'owner', plan });
      await page.goto(pageUrl(ws));
      await page.getByLabel('File to import').waitFor();
      await page.getByRole('link', { name: 'Download clicks CSV' }).waitFor();
      expect(await sessionFetch(page, 'POST', `/workspaces/${ws}/import/links`, importBody)).toBe(201);
      await page.context().close();
    }
  }, 120_000);
});
