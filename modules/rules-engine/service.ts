import { badRequest, paymentRequired, invalid, tooLong } from '../../core/errors';
import type { LinkSnapshot, RedirectResolve, Visitor } from '../../core/hooks';
import { featureMessage, hasFeature, planLimit, type Plan } from '../../core/plans';
import { expectHttpUrl, expectObject, expectText } from '../../core/stages';
import { isCountryCode } from '../routing';
import { EXTENDED_FIELDS, FIELD_KIND, OPERATORS, operatorsOf, PRO_FIELDS, type Field, type Operator } from './shared';

const ARRAY_OPERATORS = new Set<Operator>(['in', 'not_in', 'between']);
const KEYED_FIELDS = new Set<Field>(['query', 'cookie']);
const CONTINENTS = new Set(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA']);
const DEVICES = new Set(['mobile', 'desktop', 'tablet']);
export const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const LANGUAGE = /^[a-z]{2,8}$/;

const MAX_CONDITIONS = 20;
const MAX_LIST = 100;
const MAX_TEXT = 500;

export interface Condition {
  field: Field;
  operator: Operator;
  value: string | string[];
  key?: string;
}
export interface Rule {
  name: string;
  conditions: Condition[];
  action: { type: 'redirect'; url: string };
}

const isField = (v: unknown): v is Field => (PRO_FIELDS as readonly unknown[]).includes(v) || (EXTENDED_FIELDS as readonly unknown[]).includes(v);
const isOperator = (v: unknown): v is Operator => (OPERATORS as readonly unknown[]).includes(v);

/** One value of a condition, checked for its field and put in canonical form. */
function checkValue(where: string, field: Field, value: unknown): string {
  if (field === 'click_count') {
    const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw invalid(where, 'click_count compares with a non-negative integer');
    return String(n);
  }
  if (typeof value !== 'string') throw invalid(where, 'expected a string');
  if (value.length > MAX_TEXT) throw tooLong(where, MAX_TEXT);
  switch (field) {
    case 'country': {
      const code = value.toUpperCase();
      if (!isCountryCode(code)) throw invalid(where, `"${value.slice(0, 10)}" is not an ISO 3166-1 alpha-2 country code`);
      return code;
    }
    case 'continent': {
      const code = value.toUpperCase();
      if (!CONTINENTS.has(code)) throw invalid(where, `continent is one of ${[...CONTINENTS].join(', ')}`);
      return code;
    }
    case 'device':
      if (!DEVICES.has(value.toLowerCase())) throw invalid(where, 'device is mobile, desktop or tablet');
      return value.toLowerCase();
    case 'day':
      if (!(DAYS as readonly string[]).includes(value.toLowerCase())) throw invalid(where, 'day is one of mon, tue, wed, thu, fri, sat, sun');
      return value.toLowerCase();
    case 'time':
      if (!TIME.test(value)) throw invalid(where, 'time is HH:MM (UTC, 00:00 to 23:59)');
      return value;
    case 'language':
      if (!LANGUAGE.test(value.toLowerCase())) throw invalid(where, 'language is a primary language tag such as "en"');
      return value.toLowerCase();
    default:
      return value;
  }
}

function checkCondition(where: string, raw: unknown, plan: Plan): Condition {
  const c = expectObject(where, raw, ['field', 'operator', 'value', 'key']);
  if (!isField(c.field))
    throw invalid(`${where}.field`, `"${String(c.field).slice(0, 40)}" is not a rule field (allowed: ${[...PRO_FIELDS, ...EXTENDED_FIELDS].join(', ')})`);
  const field = c.field;
  if (!(PRO_FIELDS as readonly string[]).includes(field) && !hasFeature(plan, 'extended_rule_fields'))
    throw paymentRequired(featureMessage('extended_rule_fields'));
  if (!isOperator(c.operator)) throw invalid(`${where}.operator`, `"${String(c.operator).slice(0, 40)}" is not an operator (allowed: ${OPERATORS.join(', ')})`);
  const operator = c.operator;
  if (!operatorsOf(field).includes(operator))
    throw invalid(where, `operator ${operator} does not apply to field ${field} (allowed: ${operatorsOf(field).join(', ')})`);

  const condition: Condition = { field, operator, value: '' };
  if (KEYED_FIELDS.has(field)) condition.key = expectText(`${where}.key`, c.key, 200, { required: true });
  else if (c.key !== undefined) throw invalid(`${where}.key`, 'only query and cookie conditions take a key');

  if (ARRAY_OPERATORS.has(operator)) {
    if (!Array.isArray(c.value)) throw invalid(`${where}.value`, `operator ${operator} takes an array`);
    if (operator === 'between' && c.value.length !== 2) throw invalid(`${where}.value`, 'between takes exactly two values [from, to]');
    if (c.value.length < 1 || c.value.length > MAX_LIST) throw invalid(`${where}.value`, `1 to ${MAX_LIST} values`);
    const values = c.value.map((v, i) => checkValue(`${where}.value[${i}]`, field, v));
    // a time range may wrap midnight (22:00 to 06:00); a count range may not run backwards
    if (operator === 'between' && field === 'click_count' && Number(values[0]) > Number(values[1])) throw invalid(`${where}.value`, 'between needs from ≤ to');
    condition.value = values;
  } else {
    if (Array.isArray(c.value)) throw invalid(`${where}.value`, `operator ${operator} takes a single value, not an array`);
    condition.value = checkValue(`${where}.value`, field, c.value);
  }
  return condition;
}

/** Validates and normalises a link's `rules` for the workspace's plan: 400 invalid or too many, 402 for Team fields on Pro. */
export function checkRules(value: unknown, plan: Plan): Rule[] {
  if (!Array.isArray(value)) throw invalid('rules', 'expected an array');
  const max = planLimit(plan, 'rulesPerLink');
  if (value.length > max) throw badRequest(`Too many rules: the ${plan} plan allows at most ${max} rules per link`, { field: 'rules', code: 'too_long' });
  return value.map((raw, i) => {
    const where = `rules[${i}]`;
    const r = expectObject(where, raw, ['name', 'conditions', 'action']);
    const name = r.name === undefined ? `Rule ${i + 1}` : expectText(`${where}.name`, r.name, 100);
    if (!Array.isArray(r.conditions)) throw invalid(`${where}.conditions`, 'expected an array (empty matches every visit)');
    if (r.conditions.length > MAX_CONDITIONS) throw invalid(`${where}.conditions`, `at most ${MAX_CONDITIONS}`);
    const conditions = r.conditions.map((c, j) => checkCondition(`${where}.conditions[${j}]`, c, plan));
    const action = expectObject(`${where}.action`, r.action, ['type', 'url']);
    if (action.type !== 'redirect') throw invalid(`${where}.action.type`, 'must be "redirect"');
    return { name, conditions, action: { type: 'redirect' as const, url: expectHttpUrl(`${where}.action.url`, action.url) } };
  });
}

// ---- evaluation (the redirect hot path) ----

type Test = (visitor: Visitor, link: LinkSnapshot) => boolean;
interface CompiledRule {
  url: string;
  tests: Test[];
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function readText(field: Field, key: string | undefined): (v: Visitor, l: LinkSnapshot) => string {
  switch (field) {
    case 'query':
      return (v) => (v.query.get(key!) ?? '').toLowerCase();
    case 'cookie':
      return (v) => (v.cookies[key!] ?? '').toLowerCase();
    case 'day':
      return () => DAYS[new Date().getUTCDay()]!;
    default:
      return (v) => String(v[field as 'country'] ?? '').toLowerCase();
  }
}

function readNumber(field: Field): (v: Visitor, l: LinkSnapshot) => number {
  if (field === 'click_count') return (_v, l) => l.click_count;
  return () => {
    const now = new Date();
    return now.getUTCHours() * 60 + now.getUTCMinutes();
  };
}

function compileCondition(c: Condition): Test {
  const kind = FIELD_KIND[c.field];
  const values = Array.isArray(c.value) ? c.value : [c.value];
  if (kind === 'time' || kind === 'number') {
    const read = readNumber(c.field);
    const nums = values.map((v) => (kind === 'time' ? minutesOf(v) : Number(v)));
    const [a, b] = nums as [number, number];
    const set = new Set(nums);
    switch (c.operator) {
      case 'eq':
        return (v, l) => read(v, l) === a;
      case 'neq':
        return (v, l) => read(v, l) !== a;
      case 'gt':
        return (v, l) => read(v, l) > a;
      case 'lt':
        return (v, l) => read(v, l) < a;
      case 'between':
        return a <= b
          ? (v, l) => {
              const x = read(v, l);
              return x >= a && x <= b;
            }
          : (v, l) => {
              const x = read(v, l);
              return x >= a || x <= b;
            };
      case 'in':
        return (v, l) => set.has(read(v, l));
      case 'not_in':
        return (v, l) => !set.has(read(v, l));
    }
  } else {
    const read = readText(c.field, c.key);
    const lower = values.map((v) => v.toLowerCase());
    const a = lower[0]!;
    const set = new Set(lower);
    switch (c.operator) {
      case 'eq':
        return (v, l) => read(v, l) === a;
      case 'neq':
        return (v, l) => read(v, l) !== a;
      case 'contains':
        return (v, l) => read(v, l).includes(a);
      case 'starts_with':
        return (v, l) => read(v, l).startsWith(a);
      case 'in':
        return (v, l) => set.has(read(v, l));
      case 'not_in':
        return (v, l) => !set.has(read(v, l));
    }
  }
  throw new Error(`operator ${c.operator} does not apply to ${c.field}`);
}

const compiled = new WeakMap<object, CompiledRule[]>();

/** Rules compiled once per link snapshot (the snapshot is cached, so its `rules` array is too). */
export function compileRules(rules: readonly unknown[]): CompiledRule[] {
  let out = compiled.get(rules);
  if (!out) {
    out = [];
    for (const rule of rules as Rule[]) {
      try {
        out.push({ url: rule.action.url, tests: rule.conditions.map(compileCondition) });
      } catch {
        // a rule stored before a validation change is skipped rather than failing the visit
      }
    }
    compiled.set(rules, out);
  }
  return out;
}

/** The first matching rule's URL, or undefined. */
export function matchRules(rules: readonly unknown[], visitor: Visitor, link: LinkSnapshot): string | undefined {
  for (const rule of compileRules(rules)) {
    let match = true;
    for (const test of rule.tests) {
      if (!test(visitor, link)) {
        match = false;
        break;
      }
    }
    if (match) return rule.url;
  }
  return undefined;
}

/** Stage 20: the first matching rule chooses the target, unless the sequence already did. */
export function rulesStage(ctx: RedirectResolve): void {
  const rules = ctx.link.rules;
  if (ctx.routed || !rules?.length) return;
  const url = matchRules(rules, ctx.visitor, ctx.link);
  if (url !== undefined) {
    ctx.target = url;
    ctx.routed = true;
  }
}
