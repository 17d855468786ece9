import type { Deps } from './deps';
import { invalid, tooLong } from './errors';
import { isHttpUrl } from './format';
import type { LinkSnapshot } from './hook-types';
import type { Plan } from './plans';

/**
 * What the redirect-stage modules share (rules, routing_rules, ab_variants, sequence, deep_link,
 * interstitial, retargeting): write-time checks of their link field, each module checking and
 * normalising its own through `link.validate`, and the per-visitor cookie of a link. In core, so
 * that these modules depend on neither links nor redirect (links' model includes their fields).
 */

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const clip = (s: string) => s.slice(0, 40);

export function expectObject(field: string, value: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalid(field, 'expected an object');
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw invalid(`${field}.${key}`, `unknown field "${clip(key)}" (allowed: ${allowed.join(', ')})`);
  }
  return value;
}

export function expectHttpUrl(field: string, value: unknown): string {
  if (!isHttpUrl(value)) throw invalid(field, 'expected an http(s) URL');
  return value;
}

export function expectText(field: string, value: unknown, max: number, opts: { required?: boolean } = {}): string {
  if (typeof value !== 'string') throw invalid(field, 'expected a string');
  if (opts.required && !value.trim()) throw invalid(field, 'must not be empty', 'required');
  if (value.length > max) throw tooLong(field, max);
  return value;
}

export function expectBoolean(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalid(field, 'expected true or false');
  return value;
}

/** `value` is an integer in [min, max]. */
export function expectInteger(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `expected an integer from ${min} to ${max}`);
  }
  return value;
}

/**
 * Registers the `link.validate` check of one link field: runs when the field is present and not
 * null (null clears it), and stores the normalised value back into the input.
 */
export function validateLinkField(deps: Pick<Deps, 'bus'>, field: string, source: string, check: (value: unknown, plan: Plan) => unknown) {
  deps.bus.on(
    'link.validate',
    (ctx) => {
      const value = ctx.input[field];
      if (value === undefined || value === null) return;
      ctx.input[field] = check(value, ctx.plan);
    },
    { source },
  );
}

const ONE_YEAR = 365 * 24 * 3600;

/** Per-visitor state of one link (sequence step, A/B variant, interstitial seen): named by the link's id. */
export const linkCookieName = (kind: string, link: Pick<LinkSnapshot, 'id'>) => `lh_${kind}_${link.id}`;

/** A Set-Cookie value scoped to the link's short URL path, so visitors of other links never send it. */
export function linkCookie(kind: string, link: Pick<LinkSnapshot, 'id' | 'slug'>, value: string, maxAgeSec = ONE_YEAR): string {
  return `${linkCookieName(kind, link)}=${encodeURIComponent(value)}; Path=/${link.slug}; Max-Age=${maxAgeSec}; HttpOnly; SameSite=Lax`;
}
