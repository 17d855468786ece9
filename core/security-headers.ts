import type { Config } from './config';

/**
 * The security headers of our answers. Each set is built once (per configuration, for HSTS) and
 * answers copy it: the redirect path builds no header object per request.
 *
 * Short-link pages that run a workspace's scripts (retargeting pixels on the retargeting,
 * interstitial and app-detection pages) are served in a sandbox without `allow-same-origin`: the
 * document gets an opaque origin, whatever host it is served on. Its scripts run and may navigate
 * the page, but they are cross-origin to the site: they cannot read its answers (no CORS), frame
 * it readably, or touch its cookies and storage, and the API refuses what they send (`Origin: null`).
 */

/**
 * The sandbox of pages with workspace scripts. Only what these pages do: run scripts (the pixels and
 * the page's own continue / app-launch script) and open an app by its custom scheme. Navigating
 * the page itself (links, refresh, `location.replace`) needs no flag; no forms, no popups.
 */
export const SANDBOXED_PAGE_CSP = "sandbox allow-scripts allow-top-navigation-to-custom-protocols; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** What an answer that declares no policy of its own gets (JSON, files, errors): nothing may load, nothing may frame it. */
export const DEFAULT_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const HSTS = { 'strict-transport-security': 'max-age=31536000' };
const NONE = {};

/**
 * `Strict-Transport-Security` when the site is served over https (a year; subdomains are the
 * operator's to include, so they are not). Browsers ignore it on plain http answers.
 */
export const hstsHeader = (config: Pick<Config, 'siteUrl'>): Readonly<Record<string, string>> => (config.siteUrl.startsWith('https:') ? HSTS : NONE);

/**
 * The headers of an HTML page (or of any answer, with `DEFAULT_CSP`): its policy, anti-framing for
 * browsers without `frame-ancestors`, no type sniffing, the referrer as an origin only across sites,
 * and HSTS on https.
 */
export function securityHeaders(config: Pick<Config, 'siteUrl'>, csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...hstsHeader(config),
  };
}

/** A CSP source for an inline `<script>` or `<style>` of exactly `text`. */
export const inlineHash = (text: string) => `'sha256-${new Bun.CryptoHasher('sha256').update(text).digest('base64')}'`;
