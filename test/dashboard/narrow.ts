import type { Page } from 'playwright-core';

/** The page's widest content at a 375 px viewport (then the viewport is restored): at most 375 means nothing scrolls sideways. */
export async function widthAt375(page: Page): Promise<number> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (original) await page.setViewportSize(original);
  return width;
}
