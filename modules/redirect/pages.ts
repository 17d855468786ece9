import type { Config } from '../../core/config';
import type { LinkSnapshot } from '../../core/hooks';
import { hstsHeader, inlineHash, SANDBOXED_PAGE_CSP, securityHeaders } from '../../core/security-headers';

/** Tagged template that HTML-escapes every interpolated value. */
function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += Bun.escapeHTML(String(values[i] ?? '')) + strings[i + 1]!;
  return out;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:15vh auto;padding:0 1rem;color:#222}input,button{font:inherit;padding:.5rem;margin:.25rem 0;width:100%;box-sizing:border-box}.error{color:#b00}';

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">${html`<title>${title}</title>`}${head}<style>${STYLE}</style></head><body>${body}</body></html>`;

/**
 * The pages below run no script at all: nothing loads but their own style. No `form-action`: the
 * password form's answer is a redirect to the link's target, anywhere, and browsers check the
 * redirect against it too.
 */
const PLAIN_PAGE_CSP = `default-src 'none'; style-src ${inlineHash(STYLE)}; base-uri 'none'; frame-ancestors 'none'`;

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

export const hasOpenGraph = (link: LinkSnapshot) => Boolean(link.og_title || link.og_description || link.og_image);

/**
 * The answers of the redirect path other than the plain redirect, their headers built once: the
 * pages of this file (no script), the pages of the `redirect.resolve` stages (the workspace's
 * scripts: sandboxed in an opaque origin), and the extra headers of a redirect (HSTS on https).
 */
export function redirectPages(config: Pick<Config, 'siteUrl'>) {
  const plainHeaders = { ...HTML_HEADERS, ...securityHeaders(config, PLAIN_PAGE_CSP) };
  const stageHeaders = { ...HTML_HEADERS, ...securityHeaders(config, SANDBOXED_PAGE_CSP) };
  const plain = (status: number, body: string, headers?: Record<string, string>) =>
    new Response(body, { status, headers: headers ? { ...plainHeaders, ...headers } : plainHeaders });

  return {
    redirectHeaders: hstsHeader(config),
    stageHeaders,

    notFound: () => plain(404, page('Link not found', '<h1>Link not found</h1><p>This short link does not exist or was deleted.</p>')),

    /** Past the visitor IP's allowance of visits to no link (the redirector's `unknownLink`). */
    tooManyUnknown: (headers: Record<string, string>) =>
      plain(
        429,
        page(
          'Too many requests',
          '<h1>Too many requests</h1><p>Too many unknown short links were asked for from your address. Please wait a moment and try again.</p>',
        ),
        headers,
      ),

    expired: () => plain(410, page('Link expired', '<h1>Link expired</h1><p>This short link has expired.</p>')),

    /** The password form; `error` shows after a wrong attempt. Posts back to the same short URL. */
    password(status: number, error?: string, headers?: Record<string, string>) {
      const message = error ? html`<p class="error">${error}</p>` : '';
      return plain(
        status,
        page(
          'Password required',
          `<h1>Password required</h1><p>This link is protected. Enter its password to continue.</p>${message}<form method="post"><input type="password" name="password" autocomplete="current-password" required autofocus aria-label="Password"><button type="submit">Continue</button></form>`,
        ),
        headers,
      );
    },

    /**
     * The preview page for social bots: the link's og_* tags. A protected link never shows its
     * target; other links also carry a refresh to it for fetchers that follow pages.
     */
    openGraph(link: LinkSnapshot, shortUrl: string) {
      const title = link.og_title ?? link.title ?? '';
      let head = html`<meta property="og:url" content="${shortUrl}"><meta property="og:type" content="website">`;
      if (title) head += html`<meta property="og:title" content="${title}"><meta name="twitter:title" content="${title}">`;
      if (link.og_description)
        head += html`<meta property="og:description" content="${link.og_description}"><meta name="description" content="${link.og_description}"><meta name="twitter:description" content="${link.og_description}">`;
      if (link.og_image)
        head += html`<meta property="og:image" content="${link.og_image}"><meta name="twitter:image" content="${link.og_image}"><meta name="twitter:card" content="summary_large_image">`;
      if (!link.has_password) head += html`<meta http-equiv="refresh" content="0;url=${link.target}">`;
      const body = link.has_password ? html`<h1>${title}</h1>` : html`<h1>${title}</h1><p><a href="${link.target}">Continue</a></p>`;
      return plain(200, page(title || 'Link', body, head));
    },
  };
}
