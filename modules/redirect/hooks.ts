import type { LinkSnapshotFields } from '../links/view';

/**
 * The `redirect.resolve` context (core/hooks.ts RedirectResolve), declared by the redirect module.
 * Stage order (the spec's decision order): sequence 10, rules engine 20, legacy routing 30, A/B 40,
 * default 50, deep link 60, UTM 70, pages (interstitial / retargeting) 80.
 * A stage that needs no I/O should not be `async`: the pipeline stays synchronous then (hot path).
 */

/**
 * A link as the redirect path needs it (cached in memory and Redis): the fields LINK_FIELDS marks
 * `snapshot` (never `note` or the password hash), and the workspace settings needed at redirect
 * time (refreshed on `workspace.changed`).
 */
export interface LinkSnapshot extends LinkSnapshotFields {
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
