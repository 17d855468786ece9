/** The API's Link, as `GET /links/{id}` and the list return it. */
export interface Link {
  id: string;
  workspace_id: string;
  domain: string;
  slug: string;
  target: string;
  title: string | null;
  tags: string[] | null;
  note: string | null;
  utm_params: Record<string, string> | null;
  expires_at: string | null;
  fallback_url: string | null;
  routing_rules: { geo?: Record<string, string>; device?: Record<string, string>; os?: Record<string, string> } | null;
  rules: ApiRule[] | null;
  ab_variants: { name: string; url: string; weight: number }[] | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  has_password: boolean;
  redirect_type: number;
  interstitial: ApiInterstitial | null;
  sequence: { urls: { url: string; title?: string }[]; loop: boolean } | null;
  deep_link: Partial<Record<DeepLinkUrlField, string>> & { interstitial?: boolean } | null;
  monitoring: boolean;
  created_at: string;
  updated_at: string;
  click_count: number;
  short_url: string;
}

export interface ApiCondition { field: string; operator: string; value: string | string[]; key?: string }
export interface ApiRule { name: string; conditions: ApiCondition[]; action: { type: 'redirect'; url: string } }
export interface ApiInterstitial {
  title: string;
  body?: string;
  cta_text?: string;
  delay?: number;
  show_once?: boolean;
  style?: { bg_color?: string; text_color?: string; button_color?: string };
}

export const DEEP_LINK_URL_FIELDS = ['ios_app_url', 'ios_store_url', 'ios_fallback_url', 'android_app_url', 'android_store_url', 'android_fallback_url'] as const;
export type DeepLinkUrlField = (typeof DEEP_LINK_URL_FIELDS)[number];

export interface LinkList { links: Link[]; total: number; page: number; limit: number }
export interface Tag { name: string; color: string; description: string }
export interface DomainList { domains: { id: string; domain: string; verified: number }[]; default_domain: string }
