/**
 * The `redirect.resolve` context (core/hooks.ts RedirectResolve), declared by the redirect module.
 * Stage order (the spec's decision order): sequence 10, rules engine 20, legacy routing 30, A/B 40,
 * default 50, deep link 60, UTM 70, pages (interstitial / retargeting) 80.
 * A stage that needs no I/O should not be `async`: the pipeline stays synchronous then (hot path).
 */

/** A link as the redirect path needs it (cached in memory and Redis; never holds `note` or the password hash). */
export interface LinkSnapshot {
  id: string;
  workspace_id: string;
  domain: string;
  slug: string;
  target: string;
  title: string | null;
  redirect_type: 301 | 302;
  /** epoch ms, or null */
  expires_at: number | null;
  fallback_url: string | null;
  utm_params: Record<string, string> | null;
  routing_rules: Record<string, unknown> | null;
  rules: unknown[] | null;
  ab_variants: unknown[] | null;
  interstitial: Record<string, unknown> | null;
  sequence: Record<string, unknown> | null;
  deep_link: Record<string, unknown> | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  has_password: boolean;
  /** total clicks stored (rules engine `click_count`): raised in process as batches are stored (modules/clicks/counts.ts) */
  click_count: number;
  /** the workspace settings needed at redirect time (refreshed on `workspace.changed`) */
  workspace: WorkspaceSnapshot;
}

export interface WorkspaceSnapshot {
  id: string;
  plan: string;
  expired_page_url: string | null;
  retargeting_scripts: string[] | null;
  ga_id: string | null;
  fb_pixel_id: string | null;
}

export type Device = 'desktop' | 'mobile' | 'tablet';

/** Facts about the visitor; `query` and `cookies` are parsed on first access. */
export interface Visitor {
  ip: string;
  /** ISO country code, upper case, or '' when unknown */
  country: string;
  /** two-letter continent code (EU, NA, SA, AS, AF, OC, AN) or '' */
  continent: string;
  device: Device;
  /** iOS, Android, Windows, macOS, Linux, Chrome OS … or '' */
  os: string;
  /** Chrome, Safari, Firefox … or '' */
  browser: string;
  /** first primary tag of Accept-Language, lower case (e.g. `en`), or '' */
  language: string;
  referrer: string;
  userAgent: string;
  isBot: boolean;
  isSocialBot: boolean;
  readonly query: URLSearchParams;
  readonly cookies: Record<string, string>;
}

declare module '../../core/hooks' {
  interface RedirectResolve {
    link: LinkSnapshot;
    visitor: Visitor;
    /** Set-Cookie header values to send with the answer */
    setCookies: string[];
    /** replaces the redirect with a page (deep-link detection, interstitial, retargeting): a Response, or HTML served with 200 */
    page?: Response | string;
  }
}
export {};
