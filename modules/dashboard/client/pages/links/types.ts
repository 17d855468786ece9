import type { ApiAnswer } from '../../api';

export type Link = ApiAnswer<'get', '/api/workspaces/{wsId}/links/{linkId}'>;
export type Tag = ApiAnswer<'get', '/api/workspaces/{wsId}/links/tags'>['tags'][number];
export type { DomainList } from '../domains/types';

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
