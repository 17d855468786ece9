import { badRequest, invalid } from '../../core/errors';
import type { RedirectResolve } from '../../core/hooks';
import { expectHttpUrl, expectInteger, expectObject, expectText, linkCookie, linkCookieName } from '../../core/stages';

export interface Variant {
  name: string;
  url: string;
  weight: number;
}

/** Validates `ab_variants`: 2 to 4 variants, unique names, http(s) URLs, integer weights 1 to 99 summing to 100. */
export function checkVariants(value: unknown): Variant[] {
  if (!Array.isArray(value) || value.length < 2 || value.length > 4) throw invalid('ab_variants', 'expected 2 to 4 variants');
  const names = new Set<string>();
  const variants = value.map((raw, i) => {
    const v = expectObject(`ab_variants[${i}]`, raw, ['name', 'url', 'weight']);
    const name = expectText(`ab_variants[${i}].name`, v.name, 100, { required: true });
    if (names.has(name.toLowerCase()))
      throw badRequest(`Invalid ab_variants: the name "${name.slice(0, 40)}" is used twice (names must be unique)`, { field: `ab_variants[${i}].name` });
    names.add(name.toLowerCase());
    return { name, url: expectHttpUrl(`ab_variants[${i}].url`, v.url), weight: expectInteger(`ab_variants[${i}].weight`, v.weight, 1, 99) };
  });
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  if (total !== 100) throw invalid('ab_variants', `weights must sum to 100 (they sum to ${total})`);
  return variants;
}

/** A variant drawn by weight; `random` in [0, 1). */
export function pickVariant(variants: readonly Variant[], random = Math.random()): Variant {
  let point = random * 100;
  for (const variant of variants) {
    point -= variant.weight;
    if (point < 0) return variant;
  }
  return variants[variants.length - 1]!;
}

/**
 * Stage 40: only when no sequence, rule or routing chose the target. A returning visitor keeps
 * the variant named in its cookie (while that variant still exists); a new one draws by weight.
 */
export function abStage(ctx: RedirectResolve): void {
  const variants = ctx.link.ab_variants as Variant[] | null;
  if (ctx.routed || !variants?.length) return;
  const kept = ctx.visitor.cookies[linkCookieName('ab', ctx.link)];
  let variant = kept === undefined ? undefined : variants.find((v) => v.name === kept);
  if (!variant) {
    variant = pickVariant(variants);
    ctx.setCookies.push(linkCookie('ab', ctx.link, variant.name));
  }
  ctx.target = variant.url;
  ctx.variant = variant.name;
  ctx.routed = true;
}
