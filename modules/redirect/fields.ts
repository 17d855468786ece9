import type { Deps } from '../../core/deps';
import { badRequest } from '../../core/errors';
import { isHttpUrl } from '../../core/format';
import type { Plan } from '../../core/plans';

/**
 * Write-time checks shared by the redirect-stage fields of a link (rules, routing_rules,
 * ab_variants, sequence, deep_link, interstitial). Each module checks and normalises its own field.
 */

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const clip = (s: string) => s.slice(0, 40);

export function expectObject(field: string, value: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(value)) throw badRequest(`Invalid ${field}: expected an object`);
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw badRequest(`Invalid ${field}: unknown field "${clip(key)}" (allowed: ${allowed.join(', ')})`);
  }
  return value;
}

export function expectHttpUrl(field: string, value: unknown): string {
  if (!isHttpUrl(value)) throw badRequest(`Invalid ${field}: expected an http(s) URL`);
  return value;
}

export function expectText(field: string, value: unknown, max: number, opts: { required?: boolean } = {}): string {
  if (typeof value !== 'string') throw badRequest(`Invalid ${field}: expected a string`);
  if (opts.required && !value.trim()) throw badRequest(`Invalid ${field}: must not be empty`);
  if (value.length > max) throw badRequest(`Invalid ${field}: at most ${max} characters`);
  return value;
}

export function expectBoolean(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw badRequest(`Invalid ${field}: expected true or false`);
  return value;
}

/** `value` is an integer in [min, max]. */
export function expectInteger(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`Invalid ${field}: expected an integer from ${min} to ${max}`);
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
