import type { Static } from '@sinclair/typebox';
import type { DomainItem } from '../../../../domains';
import type { Link as LinkSchema, LinkList as LinkListSchema } from '../../../../links';
import type { Tag as TagSchema } from '../../../../tags';

/** The API's own response types, from its TypeBox schemas (type-only: nothing of the server reaches the bundle). */
export type Link = Static<typeof LinkSchema>;
export type LinkList = Static<typeof LinkListSchema>;
export type Tag = Static<typeof TagSchema>;
export interface DomainList {
  domains: Static<typeof DomainItem>[];
  default_domain: string;
  cname_target: string;
}

export type ApiRule = NonNullable<Link['rules']>[number];

export const DEEP_LINK_URL_FIELDS = [
  'ios_app_url',
  'ios_store_url',
  'ios_fallback_url',
  'android_app_url',
  'android_store_url',
  'android_fallback_url',
] as const;
export type DeepLinkUrlField = (typeof DEEP_LINK_URL_FIELDS)[number];
