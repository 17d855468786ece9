import { badRequest, invalid } from '../../core/errors';
import type { LinkSnapshot, RedirectResolve } from '../../core/hooks';
import { expectBoolean, expectInteger, expectObject, expectText, linkCookie, linkCookieName } from '../../core/stages';
import { html, renderPage, SafeHtml, scriptJson } from '../../core/html';
import { retargetingScripts } from '../retargeting';

export interface InterstitialStyle {
  bg_color?: string;
  text_color?: string;
  button_color?: string;
}
export interface Interstitial {
  title: string;
  body?: string;
  cta_text: string;
  delay: number;
  show_once: boolean;
  style?: InterstitialStyle;
}

const STYLE_FIELDS = ['bg_color', 'text_color', 'button_color'] as const;
/** Only `#rgb` / `#rrggbb`: a colour lands inside CSS, so nothing else may pass. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Validates `interstitial` and fills its defaults (cta_text Continue, delay 5, show_once true). */
export function checkInterstitial(value: unknown): Interstitial {
  const input = expectObject('interstitial', value, ['title', 'body', 'cta_text', 'delay', 'show_once', 'style']);
  if (input.title === undefined || input.title === null)
    throw badRequest('Invalid interstitial: title is required', { field: 'interstitial.title', code: 'required' });
  const out: Interstitial = {
    title: expectText('interstitial.title', input.title, 200, { required: true }),
    cta_text: input.cta_text == null || input.cta_text === '' ? 'Continue' : expectText('interstitial.cta_text', input.cta_text, 50),
    delay: input.delay == null ? 5 : expectInteger('interstitial.delay', input.delay, 1, 30),
    show_once: input.show_once == null ? true : expectBoolean('interstitial.show_once', input.show_once),
  };
  if (input.body != null) out.body = expectText('interstitial.body', input.body, 500);
  if (input.style != null) {
    const style = expectObject('interstitial.style', input.style, STYLE_FIELDS);
    out.style = {};
    for (const field of STYLE_FIELDS) {
      const color = style[field];
      if (color == null) continue;
      if (typeof color !== 'string' || !HEX_COLOR.test(color)) throw invalid(`interstitial.style.${field}`, 'expected a hex colour such as #1a2b3c');
      out.style[field] = color;
    }
  }
  return out;
}

/** CSS from validated hex colours only (re-checked here: a stored value never reaches CSS unchecked). */
function styleSheet(style: InterstitialStyle | undefined): SafeHtml {
  const color = (c: string | undefined, fallback: string) => (c && HEX_COLOR.test(c) ? c : fallback);
  const bg = color(style?.bg_color, '#ffffff');
  const text = color(style?.text_color, '#1f2328');
  const button = color(style?.button_color, '#2563eb');
  return new SafeHtml(`<style>body{background:${bg};color:${text}}.button{background:${button};color:#fff}</style>`);
}

/** The interstitial page: continues to `target` after the delay (script, and a refresh without script), or at once via the button. */
export function interstitialPage(config: Interstitial, target: string, scripts: readonly string[]): string {
  const delay = Number.isInteger(config.delay) && config.delay >= 1 && config.delay <= 30 ? config.delay : 5;
  return renderPage({
    title: config.title,
    scripts,
    head: html`<meta http-equiv="refresh" content="${delay};url=${target}">${styleSheet(config.style)}`,
    body: html`<main><h1>${config.title}</h1>${config.body ? html`<p>${config.body}</p>` : ''}<p><a class="button" id="continue" href="${target}">${config.cta_text || 'Continue'}</a></p><p><small>Continuing in <span id="countdown">${delay}</span> s…</small></p></main><script>(function(){var target=${scriptJson(target)},left=${delay},el=document.getElementById('countdown');var timer=setInterval(function(){left-=1;if(el)el.textContent=String(Math.max(left,0));if(left<=0){clearInterval(timer);location.replace(target)}},1000)})();</script>`,
  });
}

const seenCookie = (link: LinkSnapshot) => linkCookieName('int', link);

/**
 * Pages stage (order 81): people see the interstitial before the redirect, once per visitor
 * with `show_once` (a cookie on the link's path). Bots skip it; a deep-link page wins.
 */
export function interstitialStage(ctx: RedirectResolve): void {
  const config = ctx.link.interstitial as Interstitial | null;
  if (!config || ctx.page !== undefined || ctx.visitor.isBot) return;
  const once = config.show_once !== false;
  if (once && ctx.visitor.cookies[seenCookie(ctx.link)] !== undefined) return;
  if (once) ctx.setCookies.push(linkCookie('int', ctx.link, '1'));
  ctx.page = interstitialPage(config, ctx.target, retargetingScripts(ctx.link));
}
