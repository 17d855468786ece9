import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchChromium } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/app';
import { logoJpeg, logoPng, uploadLogo } from './logo-fixtures';

// An SVG is a drawing, not pixels: Chromium draws it as a browser or a print shop would, and jsQR reads the screenshot.
if (!hasChromium) console.warn('svg-scan.test.ts: skipped — /usr/bin/chromium missing (apt-get install -y chromium)');

let t: TestApp;
let browser: Browser;
let page: Page;
let me: { workspaceId: string; key: string };
let link: any;
beforeAll(async () => {
  if (!hasChromium) return;
  t = await startTestApp();
  me = await t.bootstrap({ plan: 'free' });
  link = (await t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body: { target: 'https://example.com/svg-scan' } })).body;
  browser = await launchChromium({});
  page = await browser.newPage();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The SVG as Chromium draws it on a white page, read by jsQR. */
async function scanSvg(svg: string): Promise<string | undefined> {
  await page.setContent(`<!doctype html><body style="margin:0;padding:16px;background:#fff">${svg}</body>`);
  const shot = await page.locator('svg').screenshot({ omitBackground: false });
  const png = PNG.sync.read(shot);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function svgOf(query: string) {
  const res = await t.app.handle(
    new Request(`http://linkhop.test/api/workspaces/${me.workspaceId}/links/${link.id}/qr${query}`, { headers: { 'x-api-key': me.key } }),
  );
  expect(res.status).toBe(200);
  return res.text();
}

describe.skipIf(!hasChromium)('SVG QR codes scan once drawn', () => {
  test('without and with a logo (PNG and JPEG), at several sizes and colours, transparent background included', async () => {
    const png = (await uploadLogo(t, me.workspaceId, me.key, logoPng(256, 21))).body.id;
    const jpg = (await uploadLogo(t, me.workspaceId, me.key, logoJpeg(180))).body.id;
    const cases = [
      '?size=200',
      '?size=300&fg=1a3c8e',
      `?size=200&logo=${png}`,
      `?size=300&logo=${png}&fg=1a3c8e&bg=fff8e7`,
      `?size=400&logo=${jpg}&fg=7a1f1f&margin=4`,
      `?size=600&logo=${png}&bg=transparent`,
      `?size=1000&logo=${jpg}&fg=2d6a4f`,
    ];
    for (const q of cases) {
      const svg = await svgOf(q);
      if (q.includes('logo=')) expect(svg, q).toContain('<image ');
      expect(await scanSvg(svg), q).toBe(link.short_url);
    }
  }, 120_000);

  test('the check can fail: a logo over the whole code does not scan', async () => {
    const png = (await uploadLogo(t, me.workspaceId, me.key, logoPng(256, 22))).body.id;
    const svg = (await svgOf(`?size=300&logo=${png}`)).replace(
      /<image x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+"/,
      '<image x="0" y="0" width="100%" height="100%"',
    );
    expect(await scanSvg(svg)).toBeUndefined();
  }, 60_000);
});
