import type { ApiAnswer } from '../../api';
import { failureOf, type FormError } from '../links/errors';
import { formOf, toBody, UTM_KEYS, type LinkForm } from '../links/form';
import type { Link } from '../links/types';
import { TEMPLATE_LINK_FIELDS } from '../../../../templates/shared';

/** GET /workspaces/{wsId}/templates item (the API's Template). */
export type Template = ApiAnswer<'get', '/api/workspaces/{wsId}/templates'>['templates'][number];

/** A template in the form: the link editor's own state for the link fields, plus its name and expiry in days. */
export interface TemplateForm {
  name: string;
  link: LinkForm;
  expiresInDays: string;
}

/**
 * Whether a config holds only what a template may: the link fields of TEMPLATE_LINK_FIELDS and `expires_in_days`. The API
 * checked their values with the link's own rules when the template was saved, so such a config reads as a partial link.
 */
const isLinkConfig = (config: Record<string, unknown>): config is Record<string, unknown> & Partial<Link> =>
  Object.keys(config).every((key) => key === 'expires_in_days' || TEMPLATE_LINK_FIELDS.some((field) => field === key));

export function templateFormOf(template: Template | undefined): TemplateForm {
  const config = template?.config ?? {};
  // the link editor reads the config as a partial link (absent fields stay empty)
  const link = formOf(isLinkConfig(config) ? config : undefined);
  return {
    name: template?.name ?? '',
    link: { ...link, domain: typeof config.domain === 'string' ? config.domain : '' },
    expiresInDays: typeof config.expires_in_days === 'number' ? String(config.expires_in_days) : '',
  };
}

/** The config to send: the link fields that hold something (empty ones are left out, as the API asks), and `expires_in_days` as typed. */
export function configOf(form: TemplateForm): Record<string, unknown> {
  const body = toBody(form.link);
  const config: Record<string, unknown> = Object.fromEntries(
    TEMPLATE_LINK_FIELDS.filter((field) => body[field] !== null && body[field] !== undefined && body[field] !== '').map((field) => [field, body[field]]),
  );
  const days = form.expiresInDays.trim();
  // digits go as a number; anything else as typed, so the API's message says what is wrong
  if (days !== '') config.expires_in_days = /^-?\d+$/.test(days) ? Number(days) : days;
  return config;
}

/** The API's refusal, placed at the field it names: the link fields live in the body's `config`, the form holds them as a link's. */
export const templateFailure = (error: unknown): FormError => failureOf(error, 'config');

/** A line saying what a template fills in, for the list. */
export function configSummary(config: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof config.domain === 'string') parts.push(`Domain ${config.domain}`);
  const utm = isLinkConfig(config) ? config.utm_params : undefined;
  // in the usual order: the database keeps no key order
  const utmPairs = UTM_KEYS.filter((k) => utm?.[k] !== undefined).map((k) => `${k}=${utm![k]}`);
  if (utmPairs.length) parts.push(`UTM ${utmPairs.join(', ')}`);
  if (Array.isArray(config.tags)) parts.push(`Tags ${config.tags.join(', ')}`);
  if (typeof config.expires_in_days === 'number') parts.push(`Expires after ${config.expires_in_days} day${config.expires_in_days === 1 ? '' : 's'}`);
  const more = ['rules', 'routing_rules', 'sequence', 'interstitial', 'og_title', 'og_description', 'og_image'].filter((k) => config[k] !== undefined);
  if (more.length) parts.push(`Also ${more.join(', ').replaceAll('_', ' ')}`);
  return parts.join(' · ') || 'No settings';
}
