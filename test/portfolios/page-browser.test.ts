import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let browser: Browser;
let port: string;
beforeAll(async () => {
  t = await startTestApp();
  port = new URL(await t.listen()).port;
  browser = await launchChromium({ 'linkhop.test:80': Number(port) });
});
afterAll(async () => {
  await browser?.close();
  await t.close();
});

test('a real browser sees a titled page, one heading, a list of named links and no script run', async () => {
  const me = await t.bootstrap({ plan: 'pro' });
  const ws = me.workspaceId;
  const create = (body: object) => t.api('POST', `/workspaces/${ws}/links`, { key: me.key, body: { target: 'https://example.com/', ...body } });
  const first = (await create({ title: '<img src=x onerror="window.pwned=1">Guide' })).body;
  const second = (await create({ title: 'Pricing' })).body;
  const p = (
    await t.api('POST', `/workspaces/${ws}/portfolios`, {
      key: me.key,
      body: { name: '<script>window.pwned=1</script>Picks', config: { style: { bg_color: '#000080', text_color: '#ffffff' } } },
    })
  ).body;
  await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [first.id, second.id] } });

  const page = await browser.newPage();
  const res = await page.goto(`http://linkhop.test/p/${p.slug}`);
  expect(res?.status()).toBe(200);
  expect(await page.title()).toBe('<script>window.pwned=1</script>Picks');
  expect(await page.evaluate(() => (window as any).pwned)).toBeUndefined();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('<script>window.pwned=1</script>Picks');
  const items = page.getByRole('list').getByRole('listitem');
  expect(await items.count()).toBe(2);
  const links = page.getByRole('link');
  expect(await links.allTextContents()).toEqual(['<img src=x onerror="window.pwned=1">Guide', 'Pricing']);
  expect(await links.first().getAttribute('href')).toBe(first.short_url);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 128)');
  await page.close();
});
