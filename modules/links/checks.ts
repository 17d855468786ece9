import { badRequest, invalid, required } from '../../core/errors';
import { isHttpUrl } from '../../core/format';
import { canonicalHostname, RESERVED_SEGMENTS } from '../../core/hosts';
import { LIMITS } from '../../core/plans';
import { TAG_PATTERN } from './shared';

/**
 * The rules of single link fields that their schemas cannot say, as pure functions: each takes the
 * request value (its type already checked by the field's schema, input.ts, on every path), answers
 * the value to store and throws ApiError 400 with the message the API documents. They still refuse
 * a wrong type: other callers (restore, governance, the list filter) hand them values of their own.
 */

export const SLUG_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const UTM_KEYS = new Set(['source', 'medium', 'campaign', 'term', 'content']);

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkSlug(slug: unknown): string {
  if (typeof slug !== 'string' || !SLUG_PATTERN.test(slug)) {
    throw invalid('slug', 'use 1 to 100 letters, digits, hyphens and underscores');
  }
  if (RESERVED_SEGMENTS.has(slug.toLowerCase())) throw invalid('slug', `"${slug}" is reserved`);
  return slug;
}

/** A target is an http(s) URL that does not point back at one of our short domains (a redirect loop). */
export async function checkTarget(value: unknown, isShortHost: (hostname: string) => Promise<boolean>): Promise<string> {
  if (value === undefined || value === null || value === '') throw required('target');
  if (!isHttpUrl(value)) throw invalid('target', 'expected an http(s) URL');
  // a trailing dot names the same host (`go.example.com.`)
  if (await isShortHost(canonicalHostname(new URL(value)))) {
    throw invalid('target', 'it points at a short domain of this service (a redirect loop)');
  }
  return value;
}

export function checkUrl(value: unknown, field: string): string {
  if (!isHttpUrl(value)) throw invalid(field, 'expected an http(s) URL');
  return value;
}

export function checkTags(value: unknown, field = 'tags'): string[] {
  if (!Array.isArray(value)) throw invalid(field, 'expected an array of strings');
  if (value.length > LIMITS.tagsPerLink) throw badRequest(`Too many tags: a link has at most ${LIMITS.tagsPerLink}`, { field, code: 'too_long' });
  for (const [i, tag] of value.entries()) {
    if (typeof tag !== 'string' || !TAG_PATTERN.test(tag)) {
      throw badRequest(`Invalid tag "${String(tag).slice(0, 40)}": use 1 to ${LIMITS.tagLength} of a-z, 0-9, hyphen and underscore`, {
        field: `${field}.${i}`,
      });
    }
  }
  return [...new Set(value as string[])];
}

export function checkUtm(value: unknown): Record<string, string> {
  if (!isObject(value)) throw invalid('utm_params', 'expected an object');
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!UTM_KEYS.has(key)) throw invalid(`utm_params.${key}`, `unknown key ${key.slice(0, 40)} (allowed: source, medium, campaign, term, content)`);
    if (typeof v !== 'string' || v.length > 500) throw invalid(`utm_params.${key}`, 'expected a string of at most 500 characters');
    if (v !== '') out[key] = v;
  }
  return out;
}

export function parseExpiresAt(value: unknown): Date {
  const date = typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw invalid('expires_at', 'expected an ISO 8601 timestamp');
  return date;
}

export function checkRedirectType(value: unknown): 301 | 302 {
  if (value !== 301 && value !== 302) throw invalid('redirect_type', 'must be 301 or 302');
  return value;
}

/** Smart-routing fields: only the shape here; their modules' `link.validate` handlers check the rest. */
export function checkShape(value: unknown, field: string, shape: 'object' | 'array'): unknown {
  if (shape === 'array' ? !Array.isArray(value) : !isObject(value)) {
    throw invalid(field, `expected ${shape === 'array' ? 'an array' : 'an object'}`);
  }
  return value;
}
