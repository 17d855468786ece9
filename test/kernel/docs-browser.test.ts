import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  t = await startTestApp();
  const port = Number(new URL(await t.listen()).port);
  browser = await launchChromium({ 'linkhop.test:80': port });
});
afterAll(async () => {
  await browser?.close();
  await t.close();
});

/** The operation block of Swagger UI for `method path`, expanded, with "Try it out" pressed. */
async function tryOperation(page: Page, method: string, path: string) {
  const block = page
    .locator(`.opblock-${method.toLowerCase()}`)
    .filter({ has: page.locator(`[data-path="${path}"]`) })
    .first();
  await block.locator('.opblock-summary').first().click();
  await block.getByRole('button', { name: 'Try it out' }).click();
  return block;
}

async function execute(block: ReturnType<Page['locator']>) {
  await block.getByRole('button', { name: 'Execute' }).click();
  const status = block.locator('.live-responses-table .response .response-col_status').first();
  await status.waitFor({ timeout: 10_000 });
  return Number((await status.textContent())!.trim());
}

test('/api/docs in Chromium: the operations render, Authorize takes an X-API-Key, Try it out answers 200 and the create example 201', async () => {
  const me = await t.bootstrap({ plan: 'pro' });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // the page runs under its Content-Security-Policy: nothing it needs is refused
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  const res = await page.goto('http://linkhop.test/api/docs');
  expect(res!.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
  expect(await page.getByText('Failed to load API definition').count()).toBe(0);
  expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
  // liveness needs no key: no padlock on it
  expect(
    await page
      .locator('.opblock-get')
      .filter({ has: page.locator('[data-path="/healthz"]') })
      .locator('.authorization__btn')
      .count(),
  ).toBe(0);

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const dialog = page.locator('.modal-ux');
  const apiKey = dialog.locator('.auth-container').filter({ hasText: 'X-API-Key' }).first();
  await apiKey.locator('input').first().fill(me.key);
  await apiKey.locator('button.authorize').click();
  await apiKey.getByText('Authorized').waitFor({ timeout: 5000 });
  await dialog.locator('button.btn-done').first().click();

  const list = await tryOperation(page, 'GET', '/api/workspaces');
  expect(await execute(list)).toBe(200);

  // the example body Swagger UI offers for link creation is one the API accepts
  const create = await tryOperation(page, 'POST', '/api/workspaces/{wsId}/links');
  await create.locator('input[placeholder="wsId"]').fill(me.workspaceId);
  expect(await execute(create)).toBe(201);
  const links = await t.api('GET', `/workspaces/${me.workspaceId}/links`, { key: me.key });
  expect(links.body.links).toHaveLength(1);
  expect(errors).toEqual([]);
  await page.close();
}, 60_000);
