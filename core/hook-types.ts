import type { Plan } from './plans';

/**
 * Payload types of hooks and events that belong to one module's domain (the redirect snapshot,
 * the visitor, a stored click, a link being validated). They live in core so that `HookMap` is
 * complete without importing any module: a plugin sees every payload typed through core/hooks.ts.
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
  /** a counted visit's target gets `lh_cid=<click id>` (modules/conversions) */
  track_conversions: boolean;
  /** total clicks stored (rules engine `click_count`): raised in process as batches are stored (modules/clicks/counts.ts) */
  click_count: number;
  /** the workspace settings needed at redirect time (refreshed on `workspace.changed`) */
  workspace: WorkspaceSnapshot;
}

export interface WorkspaceSnapshot {
  id: string;
  plan: Plan;
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

/** A visit as the redirect path hands it to the click pipeline (and as a `clicks.record` job carries it). */
export interface ClickRecord {
  /** generated at redirect time: a re-delivered batch inserts nothing twice */
  id: string;
  link_id: string;
  workspace_id: string;
  domain: string;
  slug: string;
  /** epoch ms */
  clicked_at: number;
  country: string | null;
  referer: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  language: string | null;
  /**
   * 48-bit hash of the visitor's IP and User-Agent, made at redirect time (null: unknown). The worker
   * re-hashes it under the day's salt to count unique visitors and stores only that; it is never exposed.
   */
  visitor: number | null;
  /** the A/B variant (its name) that chose the target; absent or null when none did */
  variant?: string | null;
}

/** What `link.validate` handlers see: one link's input about to be written. */
export interface LinkValidate {
  workspaceId: string;
  plan: Plan;
  /** `patch`: `input` holds only the fields being changed; `null` clears a field (skip it) */
  mode: 'create' | 'patch';
  /**
   * The request body of one link (create, bulk item, import row, MCP, or PATCH). Handlers validate
   * and may normalise their own field in place (rules, routing_rules, ab_variants, sequence,
   * deep_link, interstitial) and throw ApiError 400 (invalid) or 402 (plan). Runs after the links
   * module checked the base fields and plan gates, before anything is written.
   */
  input: Record<string, unknown>;
}
