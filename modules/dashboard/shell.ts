import type { ClientBundle } from './assets';

/** The shell's policy: only our own scripts, styles and connections; no inline anything. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

export const ASSET_PATH = '/app/assets/';

/** The one HTML page every client route answers; the client renders into #app. Names are hashes, never user input. */
export function shellHtml(bundle: ClientBundle): string {
  const styles = bundle.styles.map((name) => `<link rel="stylesheet" href="${ASSET_PATH}${name}">`).join('');
  const scripts = bundle.scripts.map((name) => `<script type="module" src="${ASSET_PATH}${name}"></script>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Linkhop</title>${styles}${scripts}</head><body><div id="app"></div><noscript>The Linkhop dashboard needs JavaScript.</noscript></body></html>`;
}

export const SHELL_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

export const ASSET_HEADERS = { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' };
