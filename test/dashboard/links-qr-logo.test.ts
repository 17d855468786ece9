import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { decodePng, logoPng } from '../qr/logo-fixtures';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { descriptionOf, signedIn } from './links-fixtures';

warnIfNoChromium('links-qr-logo.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
});
afterAll(() => d?.close());

async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return readFileSync((await file.path())!);
}

/** Waits for the preview to show a new image, then returns its address. */
async function nextPreview(page: Page, alt: string, old: string | null) {
  await page.waitForFunction((previous) => document.querySelector('img.qr-image')?.getAttribute('src') !== previous, old);
  const image = page.getByRole('img', { name: alt });
  await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
  return image.getAttribute('src');
}

describe.skipIf(skipBrowser)('QR code page: logo', () => {
  test('upload a logo (made the workspace logo), downloads scan with it; an SVG file is refused under the field; the workspace logo is offered next time', async () => {
    const { page, cspViolations, workspaceId, key, linksUrl } = await signedIn(d, { plan: 'free' });
    const link = (await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/qr-logo-page' } })).body;
    await page.goto(`${linksUrl}/${link.id}/qr`);
    await page.getByRole('heading', { name: 'QR code' }).waitFor();
    const alt = `QR code for ${link.short_url}`;
    const image = page.getByRole('img', { name: alt });
    await image.waitFor();
    let src = await image.getAttribute('src');

    // no workspace logo yet: that choice is there but cannot be taken
    expect(await page.getByRole('radio', { name: /^No logo/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Workspace logo/ }).isDisabled()).toBe(true);

    // an SVG is refused, its reason under the file field
    await page.getByRole('radio', { name: /^Upload an image/ }).check();
    const file = page.getByLabel('Logo image', { exact: true });
    await file.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await page.waitForFunction((el) => el.getAttribute('aria-invalid') === 'true', await file.elementHandle());
    expect(await descriptionOf(file)).toContain('a logo must be a PNG or JPEG image');
    await checkA11y(page);

    // a PNG, made the workspace logo: the preview redraws with it, error correction shows High
    await page.getByLabel('Make it the workspace logo', { exact: true }).check();
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(logoPng(256, 42)) });
    src = await nextPreview(page, alt, src);
    await page.waitForFunction((el) => el.getAttribute('aria-invalid') === null, await file.elementHandle());
    expect(await page.getByLabel('Error correction', { exact: true }).inputValue()).toBe('H');
    expect(await page.getByLabel('Error correction', { exact: true }).isDisabled()).toBe(true);
    await checkA11y(page);
    await screenshot(page, 'link-qr-logo');

    const png = decodePng(new Uint8Array(await download(page, 'Download PNG')));
    expect(png.text).toBe(link.short_url);
    const c = ((png.png.height >> 1) * png.png.width + (png.png.width >> 1)) * 4;
    expect(png.png.data[c]).toBe(230); // the logo's red at the centre
    expect((await download(page, 'Download SVG')).toString('utf8')).toContain('<image ');

    const logos = (await d.t.api('GET', `/workspaces/${workspaceId}/qr/logos`, { key })).body.logos;
    expect(logos).toHaveLength(1); // the refused SVG was not stored
    expect(logos[0].workspace_logo).toBe(true);

    // a new visit offers the workspace logo; choosing it draws it, "No logo" takes it away
    await page.reload();
    await page.getByRole('heading', { name: 'QR code' }).waitFor();
    src = await image.getAttribute('src');
    await page.getByRole('radio', { name: /^Workspace logo/ }).check();
    src = await nextPreview(page, alt, src);
    const viaWorkspace = decodePng(new Uint8Array(await download(page, 'Download PNG')));
    expect(viaWorkspace.text).toBe(link.short_url);
    expect(viaWorkspace.png.data[c]).toBe(230);
    await page.getByRole('radio', { name: /^No logo/ }).check();
    await nextPreview(page, alt, src);
    expect((await download(page, 'Download SVG')).toString('utf8')).not.toContain('<image ');
    expect(cspViolations).toEqual([]);
  }, 120_000);

  test('at 375 px the logo choices fit the screen', async () => {
    const { page, workspaceId, key, linksUrl } = await signedIn(d, { plan: 'free', width: 375 });
    const link = (await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/qr-logo-narrow' } })).body;
    await page.goto(`${linksUrl}/${link.id}/qr`);
    await page.getByRole('radio', { name: /^Upload an image/ }).check();
    const file = page.getByLabel('Logo image', { exact: true });
    await file.waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y(page);
    await screenshot(page, 'link-qr-logo-upload', undefined, file);
  }, 60_000);
});
