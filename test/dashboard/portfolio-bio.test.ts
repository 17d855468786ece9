import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { seedClicks } from '../helpers/clicks';
import { checkA11y, type Dashboard, DOCS_SCREENSHOTS, screenshot, skipBrowser, startDashboard, warnIfNoChromium } from './harness';
import { signedIn, toastSays } from './links-fixtures';

/** The link-in-bio page: avatar, bio, a theme picked from swatches, button colours, contrast fixes; the editor and the public page in Chromium. */
warnIfNoChromium('portfolio-bio.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

/** A portrait-ish PNG: a disc on a plain ground, so the round crop shows. */
function avatarPng(size = 160): Buffer {
  const image = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const inside = (x - size / 2) ** 2 + (y - size / 2.4) ** 2 < (size / 4) ** 2 || (y > size * 0.7 && Math.abs(x - size / 2) < size * 0.35);
      image.data.set(inside ? [250, 214, 165, 255] : [56, 189, 248, 255], (y * size + x) * 4);
    }
  return PNG.sync.write(image);
}

const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
const computed = (page: Page, selector: string, property: 'backgroundColor' | 'color') =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p], property);

describe.skipIf(skipBrowser)('link-in-bio editor and page', () => {
  test('owner: uploads an avatar (a wrong type refused), picks a theme, sees a contrast fix, saves; the public page shows it all, axe-clean at 1280 and 375 px', async () => {
    const { page, cspViolations, workspaceId, key } = await signedIn(d, { plan: 'pro', role: 'owner' });
    const ids: string[] = [];
    for (const [i, title] of ['Latest video', 'Newsletter', 'Shop: spring collection', 'Podcast'].entries()) {
      const res = await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: `https://example.com/${i}`, title } });
      await seedClicks(
        d.t,
        res.body,
        Array.from({ length: 4 + i * 5 }, () => ({})),
      );
      ids.push(res.body.id);
    }
    const created = await d.t.api('POST', `/workspaces/${workspaceId}/portfolios`, {
      key,
      body: { name: 'Maya Lin', slug: `maya-${process.pid}`, description: 'Designer and maker.\nNew work every Friday.' },
    });
    const { id, slug } = created.body;
    await d.t.api('POST', `/workspaces/${workspaceId}/portfolios/${id}/links`, { key, body: { link_ids: ids } });
    await page.goto(d.appUrl(`/w/${workspaceId}/portfolios/${id}`));
    await page.getByRole('heading', { name: 'Maya Lin', level: 1 }).waitFor();
    // no avatar yet: the hint and the preview show the initials
    await page.getByText('Without one the page shows the initials “ML”.').waitFor();
    expect(await preview(page).locator('.preview-initials').textContent()).toBe('ML');

    // a wrong type: the API's message under the field, nothing stored
    const field = page.getByLabel('Upload an avatar image');
    await field.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await page.getByText('avatar must be a PNG, JPEG, WebP or GIF image').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // an image plainly too large is refused before it is sent
    await field.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(700 * 1024) });
    await page.getByText('huge.png has 700 kB: the avatar may have 512 kB at most').waitFor();
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/portfolios/${id}`, { key })).body.avatar_url).toBeNull();

    await field.setInputFiles({ name: 'maya.png', mimeType: 'image/png', buffer: avatarPng() });
    await toastSays(page, 'Avatar uploaded; the public page shows it now');
    await page.getByRole('img', { name: 'Current avatar' }).waitFor();
    const avatarUrl = (await d.t.api('GET', `/workspaces/${workspaceId}/portfolios/${id}`, { key })).body.avatar_url;
    expect(avatarUrl).toContain(`/p/${slug}/avatar?v=`);
    await page.waitForFunction(() => (document.querySelector('.preview-avatar') as HTMLImageElement | null)?.naturalWidth === 160);

    // a theme fills every colour; the preview follows before saving
    await page.getByLabel('Bio').fill('Designer and maker. New work every Friday.');
    await page.getByRole('radio', { name: 'Midnight' }).check();
    expect(await page.getByLabel('Background colour', { exact: true }).inputValue()).toBe('#0f172a');
    expect(await page.getByLabel('Button colour', { exact: true }).inputValue()).toBe('#38bdf8');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.portfolio-preview')!).backgroundColor === 'rgb(15, 23, 42)');
    expect(await computed(page, '.portfolio-preview li', 'backgroundColor')).toBe('rgb(56, 189, 248)');
    await checkA11y(page);

    // an unreadable button text: said so, and the preview draws what the page will
    await page.getByLabel('Button text colour', { exact: true }).fill('#3b82f6');
    await page.getByRole('status').getByText('Button text colour #3b82f6 has a contrast of 1.7:1 on its background').waitFor();
    expect(await page.getByRole('radio', { name: 'Midnight' }).isChecked()).toBe(false);
    expect(await computed(page, '.portfolio-preview li', 'color')).toBe('rgb(0, 0, 0)');
    await page.getByRole('radio', { name: 'Midnight' }).check();
    await page
      .getByRole('status')
      .getByText(/has a contrast of/)
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toastSays(page, 'Portfolio saved; the public page shows it now');
    const saved = (await d.t.api('GET', `/workspaces/${workspaceId}/portfolios/${id}`, { key })).body;
    expect(saved.config.style).toEqual({
      bg_color: '#0f172a',
      text_color: '#e2e8f0',
      accent_color: '#38bdf8',
      button_color: '#38bdf8',
      button_text_color: '#0f172a',
    });
    expect(saved.description).toBe('Designer and maker. New work every Friday.');
    await checkA11y(page);
    await page.reload();
    await page.getByRole('img', { name: 'Current avatar' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('.preview-avatar') as HTMLImageElement | null)?.complete === true);
    await screenshot(page, 'portfolio-bio-editor', DOCS_SCREENSHOTS, page.getByRole('group', { name: 'Theme' }));
    // the avatar panel at 375 px too (the file input must not overflow it)
    await screenshot(page, 'portfolio-bio-avatar', undefined, page.getByRole('region', { name: 'Avatar' }));
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.getByRole('region', { name: 'Avatar' }).evaluate((panel) => panel.scrollWidth - panel.clientWidth);
    expect(overflow).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(cspViolations).toEqual([]);

    // the public page in the same browser: avatar, name, bio, one large button per link, the theme
    const visitor = await d.newPage({ width: 375 });
    await visitor.page.goto(`${d.t.config.siteUrl}/p/${slug}`);
    const h1 = visitor.page.getByRole('heading', { level: 1 });
    expect(await h1.textContent()).toBe('Maya Lin');
    await visitor.page.getByText('Designer and maker. New work every Friday.').waitFor();
    expect(await visitor.page.locator('img.avatar').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    const buttons = visitor.page.getByRole('list').getByRole('link');
    expect(await buttons.allTextContents()).toEqual(['Latest video', 'Newsletter', 'Shop: spring collection', 'Podcast']);
    // large tap targets, nearly the width of a phone
    for (const box of await visitor.page.locator('li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON())))
      expect([box.height >= 48, box.width >= 300]).toEqual([true, true]);
    expect(await computed(visitor.page, 'body', 'backgroundColor')).toBe('rgb(15, 23, 42)');
    expect(await computed(visitor.page, 'li', 'backgroundColor')).toBe('rgb(56, 189, 248)');
    // the whole card is the link: a tap beside the title follows it
    const card = await visitor.page.locator('li').first().boundingBox();
    const [request] = await Promise.all([
      visitor.page.waitForRequest((r) => r.isNavigationRequest()),
      visitor.page.mouse.click(card!.x + card!.width - 10, card!.y + card!.height - 8),
    ]);
    expect(request.url()).toContain(d.t.config.defaultDomain);
    await visitor.page.goto(`${d.t.config.siteUrl}/p/${slug}`);
    expect(await visitor.page.evaluate(() => document.scripts.length)).toBe(0);
    await checkA11y(visitor.page);
    await screenshot(visitor.page, 'portfolio-bio-page', DOCS_SCREENSHOTS);
    expect(visitor.cspViolations).toEqual([]);
    await visitor.context.close();

    // removing the avatar brings the initials back
    await page.getByRole('button', { name: 'Remove avatar' }).click();
    await toastSays(page, 'Avatar removed');
    await preview(page).locator('.preview-initials').waitFor();
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/portfolios/${id}`, { key })).body.avatar_url).toBeNull();
  }, 180_000);
});
