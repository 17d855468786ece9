import type { Page } from 'playwright-core';

/** The page's widest content at a 375 px viewport (then the viewport is restored): at most 375 means nothing scrolls sideways. */
export async function widthAt375(page: Page): Promise<number> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  // read once the page has reacted to the new width: a chart follows its box through a ResizeObserver,
  // whose callback runs with the next frame (read at once, the 1,000 px chart of the wide window counted)
  const width = await page.evaluate(
    () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth)))),
  );
  if (original) await page.setViewportSize(original);
  return width;
}
