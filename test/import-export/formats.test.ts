import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DOMAIN, startTestApp, type TestApp } from '../helpers/app';

/**
 * The exports of the tools people leave, as those tools write them (samples/): each recognised by
 * its headers, short codes kept on a custom domain and reported per row on the default domain, and
 * a dry run that answers the same and writes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Ws = { workspaceId: string; key: string; domain?: string };
const sample = (name: string) => readFileSync(join(import.meta.dir, 'samples', `${name}.csv`), 'utf8');
const importCsv = (ws: Ws, body: Record<string, unknown>, query = '') =>
  t.api('POST', `/workspaces/${ws.workspaceId}/import/links${query}`, { key: ws.key, body });
const linkCount = async (ws: Ws) => (await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key })).body.total;

let seq = 0;
async function workspaceWithDomain(): Promise<Ws & { domain: string }> {
  const ws = await t.bootstrap({ plan: 'pro' });
  const domain = `import-${++seq}-${Date.now().toString(36)}.example.com`;
  expect((await t.api('POST', `/workspaces/${ws.workspaceId}/domains`, { key: ws.key, body: { domain } })).status).toBe(201);
  return { ...ws, domain };
}

const cases = [
  {
    format: 'bitly',
    kept: [
      ['3xQzA1b', 'https://example.com/spring?utm_source=bitly', 'Spring launch', ['launch', 'blog']],
      ['docs', 'https://docs.example.com/', 'Docs home', ['docs']],
      ['3VtNp8s', 'https://example.com/careers', null, null],
    ],
    errors: [{ row: 4, reason: 'Invalid target: expected an http(s) URL', field: 'target', code: 'invalid' }],
  },
  {
    format: 'shlink',
    kept: [
      ['summer-sale', 'https://shop.example.com/summer', 'Summer sale', ['sales', 'seasonal']],
      ['Xy3pQ', 'https://example.com/blog/post-1', null, ['blog']],
    ],
    errors: [
      { row: 3, reason: 'Invalid slug: use 1 to 100 letters, digits, hyphens and underscores', field: 'slug', code: 'invalid' },
      { row: 4, reason: 'Missing target URL', field: 'target', code: 'required' },
    ],
  },
  {
    format: 'yourls',
    kept: [
      ['gh', 'https://github.com/example/project', 'Example project on GitHub', null],
      ['2', 'https://example.com/wiki/Main_Page', 'Wiki', null],
      ['promo', 'https://example.com/promo?ref=yourls&x=1', null, null],
    ],
    errors: [{ row: 4, reason: 'Invalid target: expected an http(s) URL', field: 'target', code: 'invalid' }],
  },
  {
    format: 'kutt',
    kept: [
      ['roadmap', 'https://example.com/roadmap', 'Product roadmap', null],
      ['k8Zt', 'https://status.example.com/', null, null],
    ],
    errors: [{ row: 3, reason: 'Invalid slug: use 1 to 100 letters, digits, hyphens and underscores', field: 'slug', code: 'invalid' }],
  },
] as const;

describe.each(cases)('$format export', ({ format, kept, errors }) => {
  test('recognised by its headers; on a custom domain its short codes are kept', async () => {
    const ws = await workspaceWithDomain();
    const res = await importCsv(ws, { csv: sample(format), domain: ws.domain });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ format, dry_run: false, created: kept.length, skipped: errors.length, errors, warnings: [] });
    expect(res.body.links.map((l: any) => [l.slug, l.target, l.title, l.tags])).toEqual(kept.map((k) => [...k]));
    for (const link of res.body.links) expect(link.short_url).toBe(`https://${ws.domain}/${link.slug}`);
  });

  test('on the default domain each row imports with a generated slug, its code reported', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const res = await importCsv(ws, { csv: sample(format) });
    expect(res.status).toBe(201);
    expect(res.body.format).toBe(format);
    // the default domain has no invalid code to refuse: only rows that fail for another reason are errors
    const refused = errors.filter((e) => !e.reason.startsWith('Invalid slug'));
    expect(res.body.errors).toEqual(refused);
    expect(res.body.created).toBe(kept.length + errors.length - refused.length);
    for (const link of res.body.links) expect(link.domain).toBe(DEFAULT_DOMAIN);
    expect(res.body.warnings.length).toBe(res.body.created);
    for (const warning of res.body.warnings) {
      expect(warning.field).toBe('slug');
      expect(warning.reason).toMatch(/^Short code ".+" not kept: the default domain generates its slugs/);
    }
  });

  test('dry_run=true answers what the import would do (200) and writes nothing', async () => {
    const ws = await workspaceWithDomain();
    const preview = await importCsv(ws, { csv: sample(format), domain: ws.domain }, '?dry_run=true');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ format, dry_run: true, created: kept.length, errors });
    expect(preview.body.links.map((l: any) => l.slug)).toEqual(kept.map((k) => k[0]));
    expect(await linkCount(ws)).toBe(0);
    // the real import then does what the preview said
    const real = await importCsv(ws, { csv: sample(format), domain: ws.domain });
    expect(real.body.links.map((l: any) => l.slug)).toEqual(kept.map((k) => k[0]));
    // a code taken meanwhile is what a second preview reports
    const again = await importCsv(ws, { csv: sample(format), domain: ws.domain }, '?dry_run=true');
    expect(again.body.created).toBe(0);
    expect(again.body.errors).toContainEqual({ row: 1, reason: `Slug "${kept[0][0]}" already exists on ${ws.domain}`, field: 'slug', code: 'taken' });
  });
});

test('header spelling does not matter: "LONG URL", "short_code", "Short-URL"; tags split on , or |', async () => {
  const ws = await workspaceWithDomain();
  const csv = 'LONG URL,short_code,Short-URL,TAGS\nhttps://example.com/1,one,,a|b\nhttps://example.com/2,,https://old.example/two,"c, d"';
  const res = await importCsv(ws, { csv, domain: ws.domain });
  expect(res.status).toBe(201);
  expect(res.body.format).toBe('shlink');
  expect(res.body.links.map((l: any) => [l.slug, l.tags])).toEqual([
    ['one', ['a', 'b']],
    ['two', ['c', 'd']],
  ]);
});

test('a format named explicitly without its target column is a 400 naming that column', async () => {
  const ws = await workspaceWithDomain();
  for (const [format, error] of [
    ['shlink', 'No target column: a Shlink export needs a longUrl column'],
    ['yourls', 'No target column: a YOURLS export needs a url column'],
    ['kutt', 'No target column: a Kutt export needs a target column'],
  ]) {
    const res = await importCsv(ws, { csv: 'title\nx', format });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  }
  const bad = await importCsv(ws, { csv: 'url\nhttps://example.com', format: 'tinyurl' });
  expect(bad.status).toBe(400);
});
