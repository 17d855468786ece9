/**
 * `GET {SITE_URL}/lh.js`: the customer's landing page loads it; it copies `lh_cid` from the page's
 * URL into a first-party cookie `lh_cid` of the customer's site (90 days, the default attribution
 * window), which their server reads at sign-up. It sets no cookie of ours and reads nothing else.
 */
const SOURCE =
  "(function(d,l){var m=/[?&]lh_cid=([0-9a-fA-F-]{36})(?:&|$)/.exec(l.search);if(m)d.cookie='lh_cid='+m[1]+';path=/;max-age=7776000;samesite=lax'+(l.protocol=='https:'?';secure':'')})(document,location);\n";

const HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=86400',
  // loaded by other sites' pages, also those that require it (Cross-Origin-Embedder-Policy)
  'cross-origin-resource-policy': 'cross-origin',
  etag: `"${Bun.hash(SOURCE).toString(36)}"`,
};

export function helperScript(request: Request): Response {
  if (request.headers.get('if-none-match') === HEADERS.etag) return new Response(null, { status: 304, headers: HEADERS });
  return new Response(SOURCE, { headers: HEADERS });
}
