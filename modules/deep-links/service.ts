import { invalid } from '../../core/errors';
import type { RedirectResolve } from '../../core/hooks';
import { expectBoolean, expectHttpUrl, expectObject } from '../../core/stages';
import { html, renderPage, scriptJson } from '../../core/html';
import { retargetingScripts } from '../retargeting';

export interface DeepLink {
  ios_app_url?: string;
  ios_store_url?: string;
  ios_fallback_url?: string;
  android_app_url?: string;
  android_store_url?: string;
  android_fallback_url?: string;
  interstitial: boolean;
}

const APP_FIELDS = ['ios_app_url', 'android_app_url'] as const;
const WEB_FIELDS = ['ios_store_url', 'ios_fallback_url', 'android_store_url', 'android_fallback_url'] as const;
const FIELDS = [...APP_FIELDS, ...WEB_FIELDS, 'interstitial'];

/** Schemes a browser would run or read locally instead of opening an app. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** An app URL: a custom scheme (`myapp://…`) or a universal/app link; never a scheme that runs code or reads files. */
export function checkAppUrl(field: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) throw invalid(`deep_link.${field}`, 'expected a URL of at most 2048 characters');
  // browsers drop whitespace and control characters inside a scheme ("java\tscript:"): none may appear at all
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this check's purpose
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value) || !SCHEME.test(value))
    throw invalid(`deep_link.${field}`, 'expected a URL with a scheme, such as myapp://path');
  let protocol: string;
  try {
    protocol = new URL(value).protocol.toLowerCase();
  } catch {
    throw invalid(`deep_link.${field}`, 'not a valid URL');
  }
  if (FORBIDDEN_SCHEMES.has(protocol)) throw invalid(`deep_link.${field}`, `the ${protocol} scheme is not allowed`);
  return value;
}

/** Validates `deep_link`: one app URL at least, store/fallback URLs http(s), `interstitial` defaults to false. */
export function checkDeepLink(value: unknown): DeepLink {
  const input = expectObject('deep_link', value, FIELDS);
  const out: DeepLink = { interstitial: false };
  for (const field of APP_FIELDS) if (input[field] != null && input[field] !== '') out[field] = checkAppUrl(field, input[field]);
  if (!out.ios_app_url && !out.android_app_url) throw invalid('deep_link', 'ios_app_url or android_app_url is required', 'required');
  for (const field of WEB_FIELDS) if (input[field] != null && input[field] !== '') out[field] = expectHttpUrl(`deep_link.${field}`, input[field]);
  if (input.interstitial != null) out.interstitial = expectBoolean('deep_link.interstitial', input.interstitial);
  return out;
}

const PLATFORM: Record<string, 'ios' | 'android'> = { iOS: 'ios', Android: 'android' };

/**
 * Stage 60. A person on iOS or Android goes to the app: a 302 to the app URL, or with
 * `interstitial` the detection page (rendered at stage 80, once UTM parameters are on the web
 * fallback). The web fallback is the target routing chose, else the platform's fallback URL.
 * Desktop visitors and bots keep the normal redirect.
 */
export function deepLinkStage(ctx: RedirectResolve): void {
  const deepLink = ctx.link.deep_link as DeepLink | null;
  if (!deepLink || ctx.page !== undefined || ctx.visitor.isBot || ctx.visitor.device === 'desktop') return;
  const platform = PLATFORM[ctx.visitor.os];
  if (!platform) return;
  const fallback = deepLink[`${platform}_fallback_url`];
  if (!ctx.routed && fallback) ctx.target = fallback;
  const appUrl = deepLink[`${platform}_app_url`];
  if (!appUrl) return;
  if (deepLink.interstitial) {
    ctx.appLaunch = { appUrl, storeUrl: deepLink[`${platform}_store_url`] ?? null };
    return;
  }
  ctx.page = new Response(null, { status: 302, headers: { location: appUrl, 'cache-control': 'private, max-age=0' } });
}

/** How long the page waits for the app to take over before it falls back. */
export const APP_WAIT_MS = 1500;

/** The app-detection page: opens the app; if the page is still visible after the wait, goes to the store or the web. */
export function appLaunchPage(appUrl: string, storeUrl: string | null, webUrl: string, scripts: readonly string[]): string {
  const fallback = storeUrl ?? webUrl;
  return renderPage({
    title: 'Opening the app…',
    scripts,
    body: html`<p>Opening the app…</p><p><a class="button" href="${appUrl}">Open the app</a></p>${storeUrl ? html`<p><a href="${storeUrl}">Get the app</a></p>` : ''}<p><a href="${webUrl}">Continue on the web</a></p><script>(function(){var app=${scriptJson(appUrl)},fallback=${scriptJson(fallback)};var timer=setTimeout(function(){if(!document.hidden)location.replace(fallback)},${APP_WAIT_MS});document.addEventListener('visibilitychange',function(){if(document.hidden)clearTimeout(timer)});location.href=app})();</script>`,
  });
}

/** Pages stage (order 80): renders the detection page the deep-link stage asked for. */
export function appLaunchPageStage(ctx: RedirectResolve): void {
  if (!ctx.appLaunch || ctx.page !== undefined) return;
  ctx.page = appLaunchPage(ctx.appLaunch.appUrl, ctx.appLaunch.storeUrl, ctx.target, retargetingScripts(ctx.link));
}
