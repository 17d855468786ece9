import { afterAll, afterEach, beforeAll, describe, expect, setSystemTime, test } from 'bun:test';
import { ApiError } from '../../core/errors';
import { featureMessage, type Plan } from '../../core/plans';
import { checkRules, matchRules } from '../../modules/rules-engine/service';
import { EXTENDED_FIELDS, OPERATORS, operatorsOf, PRO_FIELDS, type Field, type Operator } from '../../modules/rules-engine/shared';
import { startTestApp, type TestApp } from '../helpers/app';
import { fakeLink, fakeVisitor, UA, workspacePool } from '../helpers/smart-links';

const ALL_FIELDS: Field[] = [...PRO_FIELDS, ...EXTENDED_FIELDS];

/** The status and message a validation call ends with (200 when it passes). */
function outcome(rules: unknown, plan: Plan = 'agency'): { status: number; message: string } {
  try {
    checkRules(rules, plan);
    return { status: 200, message: '' };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
}

const rule = (conditions: unknown[], url = 'https://rule.example/') => ({ name: 'r', conditions, action: { type: 'redirect', url } });
/** a visit at `iso` (the rules read the clock) */
const atTime = (iso: string) => {
  setSystemTime(new Date(iso));
  return { visitor: fakeVisitor() };
};
const oneCondition = (condition: Record<string, unknown>) => [rule([condition])];

/**
 * Three ordered sample values per field (a < b < c where the field is ordered), and how a visit
 * with a given value looks. Text fields are visited in another case than the rule spells them.
 */
const SAMPLES: Record<
  Field,
  { values: [string, string, string]; key?: string; visit: (value: string) => { visitor: ReturnType<typeof fakeVisitor>; clickCount?: number } }
> = {
  country: { values: ['de', 'fr', 'us'], visit: (v) => ({ visitor: fakeVisitor({ country: v.toUpperCase() }) }) },
  continent: { values: ['as', 'eu', 'na'], visit: (v) => ({ visitor: fakeVisitor({ continent: v.toUpperCase() }) }) },
  device: { values: ['desktop', 'mobile', 'tablet'], visit: (v) => ({ visitor: fakeVisitor({ device: v as 'mobile' }) }) },
  os: { values: ['Android', 'iOS', 'Windows'], visit: (v) => ({ visitor: fakeVisitor({ os: v.toUpperCase() }) }) },
  browser: { values: ['Chrome', 'Firefox', 'Safari'], visit: (v) => ({ visitor: fakeVisitor({ browser: v.toUpperCase() }) }) },
  language: { values: ['de', 'en', 'fr'], visit: (v) => ({ visitor: fakeVisitor({ language: v }) }) },
  referrer: {
    values: ['https://alpha.example/', 'https://bravo.example/', 'https://charlie.example/'],
    visit: (v) => ({ visitor: fakeVisitor({ referrer: v.toUpperCase() }) }),
  },
  time: { values: ['09:00', '12:30', '18:45'], visit: (v) => atTime(`2026-11-23T${v}:00Z`) },
  day: { values: ['mon', 'wed', 'fri'], visit: (v) => atTime(`2026-11-${{ mon: 23, wed: 25, fri: 27 }[v]}T12:00:00Z`) },
  query: { values: ['alpha', 'bravo', 'charlie'], key: 'ref', visit: (v) => ({ visitor: fakeVisitor({ query: `ref=${v.toUpperCase()}&other=x` }) }) },
  cookie: { values: ['alpha', 'bravo', 'charlie'], key: 'seg', visit: (v) => ({ visitor: fakeVisitor({ cookies: { seg: v.toUpperCase(), other: 'x' } }) }) },
  click_count: { values: ['10', '100', '1000'], visit: (v) => ({ visitor: fakeVisitor(), clickCount: Number(v) }) },
};

/** For each operator: the condition value (from samples a, b, c) and the visits that match and that do not. */
const OPERATOR_CASES: Record<Operator, (a: string, b: string, c: string) => { value: string | string[]; match: string[]; miss: string[] }> = {
  eq: (a, b) => ({ value: a, match: [a], miss: [b] }),
  neq: (a, b) => ({ value: a, match: [b], miss: [a] }),
  contains: (a, b) => ({ value: a.slice(1, -1), match: [a], miss: [b] }),
  starts_with: (a, b) => ({ value: a.slice(0, -1), match: [a], miss: [b] }),
  in: (a, b, c) => ({ value: [a, c], match: [a, c], miss: [b] }),
  not_in: (a, b, c) => ({ value: [a, c], match: [b], miss: [a, c] }),
  gt: (a, b, c) => ({ value: b, match: [c], miss: [a, b] }),
  lt: (a, b, c) => ({ value: b, match: [a], miss: [b, c] }),
  between: (a, b, c) => ({ value: [a, b], match: [a, b], miss: [c] }),
};

afterEach(() => setSystemTime());

describe('operator × field', () => {
  for (const field of ALL_FIELDS) {
    for (const operator of OPERATORS) {
      const sample = SAMPLES[field];
      const { value, match, miss } = OPERATOR_CASES[operator](...sample.values);
      const condition = { field, operator, value, ...(sample.key ? { key: sample.key } : {}) };
      if (!operatorsOf(field).includes(operator)) {
        test(`${field} ${operator}: rejected (400)`, () => {
          const result = outcome(oneCondition(condition));
          expect(result.status).toBe(400);
          expect(result.message).toContain(`operator ${operator} does not apply to field ${field}`);
        });
        continue;
      }
      test(`${field} ${operator}: matches ${match.join(', ')}; not ${miss.join(', ')}`, () => {
        const rules = checkRules(oneCondition(condition), 'agency');
        for (const [visits, expected] of [
          [match, 'https://rule.example/'],
          [miss, undefined],
        ] as const) {
          for (const v of visits) {
            const { visitor, clickCount = 0 } = sample.visit(v);
            expect({ v, got: matchRules(rules, visitor, fakeLink({ click_count: clickCount })) }).toEqual({ v, got: expected });
          }
        }
      });
    }
  }

  test('time between wraps midnight when from > to', () => {
    const rules = checkRules(oneCondition({ field: 'time', operator: 'between', value: ['22:00', '06:00'] }), 'team');
    for (const [at, expected] of [
      ['23:30', true],
      ['05:59', true],
      ['12:00', false],
    ] as const) {
      setSystemTime(new Date(`2026-11-23T${at}:00Z`));
      expect({ at, hit: matchRules(rules, fakeVisitor(), fakeLink()) !== undefined }).toEqual({ at, hit: expected });
    }
  });

  test('a missing query parameter or cookie compares as empty', () => {
    const rules = checkRules([rule([{ field: 'query', key: 'ref', operator: 'neq', value: 'x' }])], 'team');
    expect(matchRules(rules, fakeVisitor(), fakeLink())).toBe('https://rule.example/');
    const eq = checkRules([rule([{ field: 'cookie', key: 'seg', operator: 'eq', value: 'x' }])], 'team');
    expect(matchRules(eq, fakeVisitor(), fakeLink())).toBeUndefined();
  });
});

describe('rule semantics', () => {
  const rules = checkRules(
    [
      {
        name: 'german mobile',
        conditions: [
          { field: 'country', operator: 'eq', value: 'DE' },
          { field: 'device', operator: 'eq', value: 'mobile' },
        ],
        action: { type: 'redirect', url: 'https://de-mobile.example/' },
      },
      { name: 'german', conditions: [{ field: 'country', operator: 'eq', value: 'de' }], action: { type: 'redirect', url: 'https://de.example/' } },
      { name: 'everyone', conditions: [], action: { type: 'redirect', url: 'https://all.example/' } },
      { name: 'never reached', conditions: [], action: { type: 'redirect', url: 'https://unreachable.example/' } },
    ],
    'pro',
  );
  test.each([
    ['all conditions of a rule hold (AND)', { country: 'DE', device: 'mobile' as const }, 'https://de-mobile.example/'],
    ['one condition fails: the next rule', { country: 'DE', device: 'desktop' as const }, 'https://de.example/'],
    ['empty conditions catch everything; the first match wins', { country: 'FR' }, 'https://all.example/'],
  ])('%s', (_name, facts, expected) => {
    expect(matchRules(rules, fakeVisitor(facts), fakeLink())).toBe(expected);
  });
  test('no rule matches: undefined (the default applies)', () => {
    const only = checkRules(oneCondition({ field: 'country', operator: 'eq', value: 'DE' }), 'pro');
    expect(matchRules(only, fakeVisitor({ country: 'FR' }), fakeLink())).toBeUndefined();
  });
});

describe('validation', () => {
  const cases: [string, unknown, number, string][] = [
    ['rules not an array', { a: 1 }, 400, 'expected an array'],
    ['rule not an object', ['x'], 400, 'expected an object'],
    ['unknown rule field', [{ ...rule([]), priority: 1 }], 400, 'unknown field "priority"'],
    ['name not a string', [{ ...rule([]), name: 5 }], 400, 'rules[0].name'],
    ['conditions missing', [{ name: 'r', action: { type: 'redirect', url: 'https://x.example/' } }], 400, 'rules[0].conditions'],
    ['too many conditions', [rule(Array.from({ length: 21 }, () => ({ field: 'country', operator: 'eq', value: 'DE' })))], 400, 'at most 20'],
    ['action missing', [{ name: 'r', conditions: [] }], 400, 'rules[0].action'],
    ['action type not redirect', [{ name: 'r', conditions: [], action: { type: 'block', url: 'https://x.example/' } }], 400, 'must be "redirect"'],
    ['action URL javascript:', [rule([], 'javascript:alert(1)')], 400, 'action.url'],
    ['action URL ftp:', [rule([], 'ftp://x.example/')], 400, 'action.url'],
    ['action URL missing', [{ name: 'r', conditions: [], action: { type: 'redirect' } }], 400, 'action.url'],
    ['unknown condition field', oneCondition({ field: 'city', operator: 'eq', value: 'x' }), 400, 'is not a rule field'],
    ['unknown operator', oneCondition({ field: 'country', operator: 'like', value: 'DE' }), 400, 'is not an operator'],
    ['unknown condition key', oneCondition({ field: 'country', operator: 'eq', value: 'DE', negate: true }), 400, 'unknown field "negate"'],
    ['in with a single value', oneCondition({ field: 'country', operator: 'in', value: 'DE' }), 400, 'takes an array'],
    ['not_in with a single value', oneCondition({ field: 'country', operator: 'not_in', value: 'DE' }), 400, 'takes an array'],
    ['between with a single value', oneCondition({ field: 'click_count', operator: 'between', value: '5' }), 400, 'takes an array'],
    ['between with three values', oneCondition({ field: 'click_count', operator: 'between', value: ['1', '2', '3'] }), 400, 'exactly two'],
    ['in with no values', oneCondition({ field: 'country', operator: 'in', value: [] }), 400, '1 to 100 values'],
    ['eq with an array', oneCondition({ field: 'country', operator: 'eq', value: ['DE'] }), 400, 'single value'],
    ['query without key', oneCondition({ field: 'query', operator: 'eq', value: 'x' }), 400, 'key'],
    ['cookie with an empty key', oneCondition({ field: 'cookie', key: ' ', operator: 'eq', value: 'x' }), 400, 'key'],
    ['key on a field without keys', oneCondition({ field: 'country', key: 'x', operator: 'eq', value: 'DE' }), 400, 'only query and cookie'],
    ['unknown country', oneCondition({ field: 'country', operator: 'eq', value: 'XX' }), 400, 'ISO 3166-1'],
    ['country in a list', oneCondition({ field: 'country', operator: 'in', value: ['DE', 'UK'] }), 400, 'value[1]'],
    ['unknown continent', oneCondition({ field: 'continent', operator: 'eq', value: 'ZZ' }), 400, 'continent'],
    ['unknown device', oneCondition({ field: 'device', operator: 'eq', value: 'phone' }), 400, 'mobile, desktop or tablet'],
    ['day spelled out', oneCondition({ field: 'day', operator: 'eq', value: 'monday' }), 400, 'mon, tue'],
    ['time out of range', oneCondition({ field: 'time', operator: 'gt', value: '24:00' }), 400, 'HH:MM'],
    ['time without leading zero', oneCondition({ field: 'time', operator: 'gt', value: '9:00' }), 400, 'HH:MM'],
    ['language with a region', oneCondition({ field: 'language', operator: 'eq', value: 'en-US' }), 400, 'language'],
    ['negative click_count', oneCondition({ field: 'click_count', operator: 'gt', value: -1 }), 400, 'non-negative integer'],
    ['click_count not a number', oneCondition({ field: 'click_count', operator: 'gt', value: 'ten' }), 400, 'non-negative integer'],
    ['click_count range backwards', oneCondition({ field: 'click_count', operator: 'between', value: ['100', '10'] }), 400, 'from ≤ to'],
    ['value not a string', oneCondition({ field: 'browser', operator: 'eq', value: 5 }), 400, 'expected a string'],
    ['value too long', oneCondition({ field: 'referrer', operator: 'contains', value: 'x'.repeat(501) }), 400, 'at most 500'],
  ];
  test.each(cases)('%s → %i', (_name, rules, status, message) => {
    const result = outcome(rules);
    expect(result.status).toBe(status);
    expect(result.message).toContain(message);
  });

  test('normalises: country upper case, device lower case, default names, numbers as strings', () => {
    const [normalised] = checkRules(
      [
        {
          conditions: [
            { field: 'country', operator: 'in', value: ['de', 'Fr'] },
            { field: 'device', operator: 'eq', value: 'Mobile' },
            { field: 'click_count', operator: 'gt', value: 5 },
          ],
          action: { type: 'redirect', url: 'https://x.example/' },
        },
      ],
      'team',
    );
    expect(normalised).toEqual({
      name: 'Rule 1',
      conditions: [
        { field: 'country', operator: 'in', value: ['DE', 'FR'] },
        { field: 'device', operator: 'eq', value: 'mobile' },
        { field: 'click_count', operator: 'gt', value: '5' },
      ],
      action: { type: 'redirect', url: 'https://x.example/' },
    });
  });

  describe('field tiers', () => {
    for (const field of EXTENDED_FIELDS) {
      const sample = SAMPLES[field];
      const condition = { field, operator: 'eq', value: sample.values[0], ...(sample.key ? { key: sample.key } : {}) };
      test(`${field}: 402 on pro, accepted on team and agency`, () => {
        expect(outcome(oneCondition(condition), 'pro')).toEqual({ status: 402, message: featureMessage('extended_rule_fields') });
        expect(outcome(oneCondition(condition), 'team').status).toBe(200);
        expect(outcome(oneCondition(condition), 'agency').status).toBe(200);
      });
    }
    for (const field of PRO_FIELDS) {
      test(`${field}: accepted on pro`, () => {
        expect(outcome(oneCondition({ field, operator: 'eq', value: SAMPLES[field].values[0] }), 'pro').status).toBe(200);
      });
    }
  });

  test.each([
    ['pro', 5],
    ['team', 20],
    ['agency', 50],
  ] as const)('%s: %i rules allowed, one more is a 400', (plan, max) => {
    const rules = (n: number) => Array.from({ length: n }, (_, i) => rule([], `https://r${i}.example/`));
    expect(outcome(rules(max), plan).status).toBe(200);
    expect(outcome(rules(max + 1), plan)).toEqual({ status: 400, message: `Too many rules: the ${plan} plan allows at most ${max} rules per link` });
  });
});

describe('through the API and real redirects', () => {
  let t: TestApp;
  let pool: ReturnType<typeof workspacePool>;
  beforeAll(async () => {
    t = await startTestApp({ env: { GEO_HEADER: 'x-test-country' } });
    pool = workspacePool(t);
  });
  afterAll(() => t.close());

  const germanRules = [
    { name: 'de', conditions: [{ field: 'country', operator: 'eq', value: 'de' }], action: { type: 'redirect', url: 'https://de.example/' } },
    {
      name: 'twitter',
      conditions: [{ field: 'query', key: 'ref', operator: 'eq', value: 'twitter' }],
      action: { type: 'redirect', url: 'https://tw.example/' },
    },
  ];

  test('free plan: 402 (rules need Pro)', async () => {
    const res = await pool.create('free', { rules: [] });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe(featureMessage('rules'));
  });

  test('pro: a Team field is a 402 with the upgrade message; the same rules pass on team', async () => {
    const pro = await pool.create('pro', { rules: germanRules });
    expect(pro.status).toBe(402);
    expect(pro.body.error).toBe(featureMessage('extended_rule_fields'));
    const team = await pool.create('team', { rules: germanRules });
    expect(team.status).toBe(201);
    expect(team.body.rules[0].conditions[0].value).toBe('DE');
  });

  test.each([
    ['pro', 6],
    ['team', 21],
  ] as const)('%s: %i rules → 400', async (plan, n) => {
    const res = await pool.create(plan, { rules: Array.from({ length: n }, () => rule([])) });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('Too many rules');
  });

  test.each([
    ['bad field', oneCondition({ field: 'planet', operator: 'eq', value: 'x' })],
    ['bad operator', oneCondition({ field: 'country', operator: 'regex', value: 'x' })],
    ['gt on device', oneCondition({ field: 'device', operator: 'gt', value: 'mobile' })],
    ['invalid action URL', [rule([], 'data:text/html,hi')]],
  ])('create with %s → 400', async (_name, rules) => {
    const res = await pool.create('pro', { rules });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });

  test('redirects: first matching rule, else the default target; PATCH changes and clears rules', async () => {
    const created = await pool.create('team', { target: 'https://default.example/', rules: germanRules });
    expect(created.status).toBe(201);
    const path = `/${created.body.slug}`;
    const visit = (headers: Record<string, string>, query = '') => t.request(path + query, { headers: { 'user-agent': UA.desktop, ...headers } });

    expect((await visit({ 'x-test-country': 'DE' })).headers.get('location')).toBe('https://de.example/');
    expect((await visit({ 'x-test-country': 'DE' }, '?ref=twitter')).headers.get('location')).toBe('https://de.example/');
    expect((await visit({ 'x-test-country': 'FR' }, '?ref=TWITTER')).headers.get('location')).toBe('https://tw.example/');
    const other = await visit({ 'x-test-country': 'FR' });
    expect(other.status).toBe(302);
    expect(other.headers.get('location')).toBe('https://default.example/');

    const { workspaceId, key } = created.ws;
    const linkPath = `/workspaces/${workspaceId}/links/${created.body.id}`;
    const bad = await t.api('PATCH', linkPath, { key, body: { rules: oneCondition({ field: 'os', operator: 'between', value: ['a', 'b'] }) } });
    expect(bad.status).toBe(400);
    expect((await t.api('PATCH', linkPath, { key, body: { rules: [rule([], 'https://everyone.example/')] } })).status).toBe(200);
    expect((await visit({ 'x-test-country': 'FR' })).headers.get('location')).toBe('https://everyone.example/');
    expect((await t.api('PATCH', linkPath, { key, body: { rules: null } })).status).toBe(200);
    expect((await t.api('GET', linkPath, { key })).body.rules).toBeNull();
    expect((await visit({ 'x-test-country': 'DE' })).headers.get('location')).toBe('https://default.example/');
  });

  test('PATCH on a Pro workspace: a Team field is a 402', async () => {
    const created = await pool.create('pro', { rules: [rule([{ field: 'country', operator: 'eq', value: 'DE' }])] });
    expect(created.status).toBe(201);
    const res = await t.api('PATCH', `/workspaces/${created.ws.workspaceId}/links/${created.body.id}`, {
      key: created.ws.key,
      body: { rules: oneCondition({ field: 'click_count', operator: 'gt', value: '5' }) },
    });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe(featureMessage('extended_rule_fields'));
  });
});
