import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { descriptionOf, signedIn } from './links-fixtures';

warnIfNoChromium('links-qr.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
});
afterAll(() => d?.close());

/** Clicks a download link and returns the saved file's name and bytes. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** The preview's current object URL, once the image has loaded. */
const previewSrc = async (page: Page, alt: string) => {
  const image = page.getByRole('img', { name: alt });
  await image.waitFor();
  await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
  return image.getAttribute('src');
};

describe.skipIf(skipBrowser)('QR code page', () => {
  test('preview, colours and size, SVG and PNG downloads that decode to the short URL; refusals under their field', async () => {
    const { page, workspaceId, key, linksUrl } = await signedIn(d, { plan: 'free' });
    const link = (await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/qr' } })).body;
    // reached from the list like a person would
    await page.goto(linksUrl);
    await page.getByRole('link', { name: `QR code of ${link.domain}/${link.slug}` }).click();
    await page.getByRole('heading', { name: 'QR code' }).waitFor();
    const alt = `QR code for ${link.short_url}`;
    const first = await previewSrc(page, alt);
    expect(first).toStartWith('blob:');
    await checkA11y(page);
    await screenshot(page, 'link-qr');

    // colours and size change the preview and the downloads
    await page.getByLabel('Foreground colour', { exact: true }).fill('#1a3c8e');
    await page.getByLabel('Size in pixels', { exact: true }).fill('300');
    await page.waitForFunction((old) => document.querySelector('img.qr-image')?.getAttribute('src') !== old, first);
    await previewSrc(page, alt);

    const svg = await download(page, 'Download SVG');
    expect(svg.name).toBe(`qr-${link.slug}.svg`);
    const svgText = svg.bytes.toString('utf8');
    expect(svgText).toContain('<svg');
    expect(svgText.toLowerCase()).toContain('#1a3c8e');
    expect(svgText).toContain('width="300"');

    const png = await download(page, 'Download PNG');
    expect(png.name).toBe(`qr-${link.slug}.png`);
    const image = PNG.sync.read(png.bytes);
    expect(image.width).toBe(300);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(link.short_url);
    // the dark modules carry the chosen colour
    const pixels = new Set<string>();
    for (let i = 0; i < image.data.length; i += 4) pixels.add(`${image.data[i]},${image.data[i + 1]},${image.data[i + 2]}`);
    expect(pixels.has('26,60,142')).toBe(true);

    // transparent: SVG only, so no PNG download is offered
    await page.getByLabel('Transparent background', { exact: true }).check();
    await page.getByText('PNG needs a background colour.').waitFor();
    expect(await page.getByRole('link', { name: 'Download PNG' }).count()).toBe(0);
    expect((await download(page, 'Download SVG')).bytes.toString('utf8')).not.toContain('fill="#ffffff"');
    await page.getByLabel('Transparent background', { exact: true }).uncheck();

    // a size the API refuses: its message under the size field
    const size = page.getByLabel('Size in pixels', { exact: true });
    await size.fill('50');
    const refusal = (await d.t.api('GET', `/workspaces/${workspaceId}/links/${link.id}/qr?size=50`, { key })).body.error;
    expect(refusal).toContain('size');
    await page.waitForFunction((el) => el.getAttribute('aria-invalid') === 'true', await size.elementHandle());
    expect(await descriptionOf(size)).toContain(refusal);
    await checkA11y(page);
    await size.fill('400');
    await page.waitForFunction((el) => el.getAttribute('aria-invalid') === null, await size.elementHandle());
  }, 90_000);

  test('a link that does not exist says so', async () => {
    const { page, linksUrl } = await signedIn(d, { plan: 'free' });
    await page.goto(`${linksUrl}/no-such-link/qr`);
    await page.getByText('This link does not exist (it may have been deleted).').waitFor();
    await checkA11y(page);
  }, 60_000);
});
