import type { Page } from 'playwright-core';

/** XSS payloads, each ≤ 50 chars (the interstitial cta_text limit) and aimed at a different context. */
export const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=window.__xss=1>',
  "'><svg onload=window.__xss=1>",
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  "';alert(1);//",
  '"-alert(1)-"',
  '</style><img src=x onerror=alert(1)>',
  '<iframe srcdoc="<script>parent.__xss=1</script>">',
  "{{constructor.constructor('alert(1)')()}}",
];

/**
 * Watches a page for a payload running: dialogs it opens and writes to `window.__xss` (reported
 * through a binding, so a write is seen even if the page navigates afterwards).
 */
export async function watchForXss(page: Page) {
  const seen = { dialogs: [] as string[], flagWrites: 0 };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  await page.exposeBinding('__reportXss', () => void seen.flagWrites++);
  await page.addInitScript(() => {
    Object.defineProperty(window, '__xss', { configurable: true, set: () => (window as any).__reportXss(), get: () => undefined });
  });
  return seen;
}
