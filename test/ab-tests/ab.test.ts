import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { featureMessage } from '../../core/plans';
import { checkVariants, pickVariant } from '../../modules/ab-tests/service';
import { linkCookieName } from '../../core/stages';
import { startTestApp, type TestApp } from '../helpers/app';
import { browserVisitor, cookiesOf, UA, validationFailure, workspacePool } from '../helpers/smart-links';

const v = (name: string, weight: unknown, url: unknown = `https://${name.toLowerCase() || 'x'}.example/`) => ({ name, url, weight });

const failure = (value: unknown) => validationFailure(checkVariants, value);

describe('validation', () => {
  test.each([
    ['not an array', { a: 1 }, '2 to 4 variants'],
    ['one variant', [v('A', 100)], '2 to 4 variants'],
    ['five variants', [v('A', 20), v('B', 20), v('C', 20), v('D', 20), v('E', 20)], '2 to 4 variants'],
    ['weights sum to 99', [v('A', 50), v('B', 49)], 'sum to 100 (they sum to 99)'],
    ['weights sum to 101', [v('A', 50), v('B', 51)], 'sum to 100'],
    ['weight 0', [v('A', 0), v('B', 100)], 'integer from 1 to 99'],
    ['weight 100', [v('A', 100), v('B', 0)], 'integer from 1 to 99'],
    ['weight not an integer', [v('A', 50.5), v('B', 49.5)], 'integer from 1 to 99'],
    ['weight as a string', [v('A', '50'), v('B', 50)], 'integer from 1 to 99'],
    ['duplicate names', [v('A', 50), v('a', 50)], 'used twice'],
    ['empty name', [v('', 50), v('B', 50)], 'must not be empty'],
    ['name missing', [{ url: 'https://a.example/', weight: 50 }, v('B', 50)], 'ab_variants[0].name'],
    ['URL javascript:', [v('A', 50, 'javascript:alert(1)'), v('B', 50)], 'ab_variants[0].url'],
    ['URL missing', [{ name: 'A', weight: 50 }, v('B', 50)], 'ab_variants[0].url'],
    ['unknown key', [{ ...v('A', 50), color: 'red' }, v('B', 50)], 'unknown field "color"'],
    ['variant not an object', ['A', v('B', 50)], 'expected an object'],
  ])('%s → 400', (_name, value, message) => {
    expect(failure(value)).toContain(message);
  });

  test('valid variants pass unchanged', () => {
    const variants = [v('A', 1), v('B', 99)];
    expect(checkVariants(variants) as unknown[]).toEqual(variants);
    expect(checkVariants([v('A', 25), v('B', 25), v('C', 25), v('D', 25)])).toHaveLength(4);
  });

  test('pickVariant maps [0, 1) onto the weights', () => {
    const variants = checkVariants([v('A', 20), v('B', 30), v('C', 50)]);
    expect([0, 0.1999, 0.2, 0.4999, 0.5, 0.9999].map((r) => pickVariant(variants, r).name)).toEqual(['A', 'A', 'B', 'B', 'C', 'C']);
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

  test('pro: 402 (A/B variants need Team or Agency); team: invalid → 400', async () => {
    const pro = await pool.create('pro', { ab_variants: [v('A', 50), v('B', 50)] });
    expect(pro.status).toBe(402);
    expect(pro.body.error).toBe(featureMessage('ab_variants'));
    const bad = await pool.create('team', { ab_variants: [v('A', 50), v('B', 40)] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('sum to 100');
  });

  test('2,000 new visitors split within ±5 points of the weights; each keeps its variant', async () => {
    const weights = { A: 20, B: 30, C: 50 } as const;
    const created = await pool.create('team', { ab_variants: Object.entries(weights).map(([name, w]) => v(name, w)) });
    expect(created.status).toBe(201);
    const cookie = linkCookieName('ab', created.body);
    const byUrl: Record<string, string> = { 'https://a.example/': 'A', 'https://b.example/': 'B', 'https://c.example/': 'C' };
    const counts: Record<string, number> = { A: 0, B: 0, C: 0 };
    for (let i = 0; i < 2000; i++) {
      const res = await t.request(`/${created.body.slug}`, { headers: { 'user-agent': UA.desktop } });
      const name = byUrl[res.headers.get('location')!]!;
      counts[name]!++;
      expect(cookiesOf(res)[cookie]).toBe(name);
    }
    for (const [name, weight] of Object.entries(weights)) {
      expect(Math.abs((counts[name]! / 2000) * 100 - weight)).toBeLessThanOrEqual(5);
    }

    const visitor = browserVisitor(t);
    const first = (await visitor.visit(`/${created.body.slug}`)).headers.get('location');
    for (let i = 0; i < 10; i++) expect((await visitor.visit(`/${created.body.slug}`)).headers.get('location')).toBe(first);
    // a cookie naming a variant that no longer exists draws again
    const stale = await t.request(`/${created.body.slug}`, { headers: { cookie: `${cookie}=Gone` } });
    expect(Object.keys(byUrl)).toContain(stale.headers.get('location')!);
    expect(['A', 'B', 'C']).toContain(cookiesOf(stale)[cookie]);
  });

  test('a variant cookie is scoped to the link path', async () => {
    const created = await pool.create('agency', { ab_variants: [v('A', 50), v('B', 50)] });
    const res = await t.request(`/${created.body.slug}`);
    const header = res.headers.getSetCookie().find((c) => c.startsWith(`${linkCookieName('ab', created.body)}=`))!;
    expect(header).toContain(`Path=/${created.body.slug}`);
    expect(header).toContain('HttpOnly');
  });

  test('only when no routing matched', async () => {
    const created = await pool.create('team', { routing_rules: { geo: { DE: 'https://de.example/' } }, ab_variants: [v('A', 50), v('B', 50)] });
    expect(created.status).toBe(201);
    const routed = await t.request(`/${created.body.slug}`, { headers: { 'x-test-country': 'DE' } });
    expect(routed.headers.get('location')).toBe('https://de.example/');
    expect(cookiesOf(routed)[linkCookieName('ab', created.body)]).toBeUndefined();
    const tested = await t.request(`/${created.body.slug}`, { headers: { 'x-test-country': 'FR' } });
    expect(['https://a.example/', 'https://b.example/']).toContain(tested.headers.get('location')!);
  });
});
