import { invalid } from '../../core/errors';
import type { RedirectResolve, Visitor } from '../../core/hooks';
import { expectHttpUrl, expectObject, isPlainObject } from '../../core/stages';
import { isCountryCode } from './countries';
import { DEVICE_KEYS, OS_KEYS } from './shared';

export interface RoutingRules {
  geo?: Record<string, string>;
  device?: Record<string, string>;
  os?: Record<string, string>;
}

/** Map keys in canonical form: countries upper case, device lower case, OS names as the API documents them. */
const canonicalKey: Record<keyof RoutingRules, (key: string) => string | undefined> = {
  geo: (key) => (isCountryCode(key.toUpperCase()) ? key.toUpperCase() : undefined),
  device: (key) => DEVICE_KEYS.find((d) => d === key.toLowerCase()),
  os: (key) => OS_KEYS.find((o) => o.toLowerCase() === key.toLowerCase()),
};
const KEY_RULE: Record<keyof RoutingRules, string> = {
  geo: 'an ISO 3166-1 alpha-2 country code',
  device: 'mobile, desktop or tablet',
  os: OS_KEYS.join(', '),
};

/** Validates `routing_rules` (geo / device / os maps of http(s) URLs) and normalises its keys. */
export function checkRoutingRules(value: unknown): RoutingRules {
  const input = expectObject('routing_rules', value, ['geo', 'device', 'os']);
  const out: RoutingRules = {};
  for (const part of ['geo', 'device', 'os'] as const) {
    if (input[part] === undefined || input[part] === null) continue;
    const map = input[part];
    if (!isPlainObject(map)) throw invalid(`routing_rules.${part}`, `expected an object of ${KEY_RULE[part]} → URL`);
    const normalised: Record<string, string> = {};
    for (const [key, url] of Object.entries(map)) {
      const canonical = canonicalKey[part](key);
      if (!canonical) throw invalid(`routing_rules.${part}`, `key "${key.slice(0, 40)}" must be ${KEY_RULE[part]}`);
      if (canonical in normalised) throw invalid(`routing_rules.${part}`, `key ${canonical} appears twice`);
      normalised[canonical] = expectHttpUrl(`routing_rules.${part}.${canonical}`, url);
    }
    out[part] = normalised;
  }
  return out;
}

/** geo first, then device, then OS: the first map naming the visitor's value decides. */
export function routeFor(rules: RoutingRules, visitor: Pick<Visitor, 'country' | 'device' | 'os'>): string | undefined {
  if (rules.geo && visitor.country) {
    const url = rules.geo[visitor.country];
    if (url) return url;
  }
  if (rules.device) {
    const url = rules.device[visitor.device];
    if (url) return url;
  }
  if (rules.os && visitor.os) {
    const url = rules.os[visitor.os];
    if (url) return url;
  }
  return undefined;
}

/** Stage 30: legacy geo/device/OS routing, when neither the sequence nor a rule chose the target. */
export function routingStage(ctx: RedirectResolve): void {
  const rules = ctx.link.routing_rules as RoutingRules | null;
  if (ctx.routed || !rules) return;
  const url = routeFor(rules, ctx.visitor);
  if (url !== undefined) {
    ctx.target = url;
    ctx.routed = true;
  }
}
