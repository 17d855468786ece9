/**
 * Escaping for the HTML pages of the redirect path (interstitial, deep-link detection,
 * retargeting). Every interpolated value is escaped for its context:
 * - text and quoted attributes: `html` escapes `& < > " '` (Bun.escapeHTML);
 * - URLs in `href`/`src`: only URLs whose scheme was checked at write time reach a page
 *   (http(s), or a deep link's app scheme that is never javascript:/data:/vbscript:/file:);
 *   they are attribute-escaped like any other value;
 * - data inside `<script>`: `scriptJson`, JSON with `<`, `>`, `&` and line separators escaped,
 *   so no value can close the script element or start a comment.
 */

/** Markup that is already safe (built by `html` or `scriptJson`); other values are escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

function escapeValue(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(escapeValue).join('');
  if (value === null || value === undefined || value === false) return '';
  return Bun.escapeHTML(String(value));
}

/** Tagged template: interpolations are escaped unless they are SafeHtml (nested `html` results, arrays of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += escapeValue(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

const SCRIPT_UNSAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** A value as a JavaScript literal inside an inline `<script>`. */
export const scriptJson = (value: unknown): SafeHtml => new SafeHtml(JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_UNSAFE[c]!));

const BASE_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:12vh auto;padding:0 1rem;line-height:1.5}' +
  '.button{display:inline-block;padding:.6rem 1.2rem;border-radius:.4rem;text-decoration:none;font-weight:600}';

export interface PageParts {
  title: string;
  body: SafeHtml;
  /** extra head markup (meta refresh, style) */
  head?: SafeHtml;
  /** external scripts loaded by the page (retargeting pixels) */
  scripts?: readonly string[];
}

/**
 * A complete, small HTML document, never indexed. Served sandboxed (the redirect module's stage
 * headers), so its scripts run in an opaque origin; its referrer policy comes with those headers.
 */
export function renderPage({ title, body, head, scripts = [] }: PageParts): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${new SafeHtml(BASE_STYLE)}</style>${head}${scripts.map((src) => html`<script async src="${src}"></script>`)}</head><body>${body}</body></html>`
    .value;
}
