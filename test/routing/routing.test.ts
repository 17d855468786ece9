import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ApiError } from '../../core/errors';
import { featureMessage } from '../../core/plans';
import { checkRoutingRules, routeFor } from '../../modules/routing/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { fakeVisitor, UA, workspacePool } from '../helpers/smart-links';

function status(value: unknown): [number, string] {
  try {
    checkRoutingRules(value);
    return [200, ''];
  } catch (error) {
    if (error instanceof ApiError) return [error.status, error.message];
    throw error;
  }
}

describe('validation', () => {
  test.each([
    ['not an object', ['x'], 'expected an object'],
    ['unknown part', { city: { Paris: 'https://x.example/' } }, 'unknown field "city"'],
    ['geo not an object', { geo: 'DE' }, 'routing_rules.geo: expected an object'],
    ['geo key not a country', { geo: { XX: 'https://x.example/' } }, 'ISO 3166-1 alpha-2'],
    ['geo key UK (not ISO)', { geo: { UK: 'https://x.example/' } }, 'ISO 3166-1 alpha-2'],
    ['geo key too long', { geo: { DEU: 'https://x.example/' } }, 'ISO 3166-1 alpha-2'],
    ['geo key twice in two cases', { geo: { de: 'https://a.example/', DE: 'https://b.example/' } }, 'appears twice'],
    ['device key unknown', { device: { phone: 'https://x.example/' } }, 'mobile, desktop or tablet'],
    ['os key unknown', { os: { BeOS: 'https://x.example/' } }, 'iOS, Android, Windows, macOS, Linux'],
    ['URL not http(s)', { geo: { DE: 'javascript:alert(1)' } }, 'routing_rules.geo.DE: expected an http(s) URL'],
    ['URL not a string', { device: { mobile: 5 } }, 'routing_rules.device.mobile'],
  ])('%s → 400', (_name, value, message) => {
    const [code, text] = status(value);
    expect(code).toBe(400);
    expect(text).toContain(message);
  });

  test('keys are normalised: countries upper case, devices lower case, OS names as spelled by the spec', () => {
    expect(
      checkRoutingRules({
        geo: { de: 'https://de.example/' },
        device: { Mobile: 'https://m.example/' },
        os: { ios: 'https://i.example/', MACOS: 'https://mac.example/' },
      }),
    ).toEqual({
      geo: { DE: 'https://de.example/' },
      device: { mobile: 'https://m.example/' },
      os: { iOS: 'https://i.example/', macOS: 'https://mac.example/' },
    });
  });

  test('geo beats device beats OS; nothing named → undefined', () => {
    const rules = checkRoutingRules({
      geo: { DE: 'https://de.example/' },
      device: { mobile: 'https://m.example/' },
      os: { Android: 'https://a.example/', Windows: 'https://w.example/' },
    });
    expect(routeFor(rules, fakeVisitor({ country: 'DE', device: 'mobile', os: 'Android' }))).toBe('https://de.example/');
    expect(routeFor(rules, fakeVisitor({ country: 'FR', device: 'mobile', os: 'Android' }))).toBe('https://m.example/');
    expect(routeFor(rules, fakeVisitor({ country: 'FR', device: 'tablet', os: 'Android' }))).toBe('https://a.example/');
    expect(routeFor(rules, fakeVisitor({ country: '', device: 'desktop', os: 'Linux' }))).toBeUndefined();
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

  test('pro: 402 (routing rules need Team or Agency)', async () => {
    const res = await pool.create('pro', { routing_rules: { geo: { DE: 'https://de.example/' } } });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe(featureMessage('routing_rules'));
  });

  test('team: invalid keys and URLs → 400', async () => {
    for (const routing_rules of [{ geo: { Germany: 'https://de.example/' } }, { os: { iOS: 'ftp://x.example/' } }]) {
      const res = await pool.create('team', { routing_rules });
      expect(res.status).toBe(400);
    }
  });

  test('geo, device and OS route real visits; others get the default', async () => {
    const created = await pool.create('agency', {
      target: 'https://default.example/',
      routing_rules: { geo: { de: 'https://de.example/' }, device: { mobile: 'https://mobile.example/' }, os: { macOS: 'https://mac.example/' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.routing_rules.geo).toEqual({ DE: 'https://de.example/' });
    const visit = async (ua: string, country = '') =>
      (await t.request(`/${created.body.slug}`, { headers: { 'user-agent': ua, ...(country ? { 'x-test-country': country } : {}) } })).headers.get('location');
    expect(await visit(UA.iphone, 'DE')).toBe('https://de.example/');
    expect(await visit(UA.iphone, 'FR')).toBe('https://mobile.example/');
    expect(await visit(UA.mac, 'FR')).toBe('https://mac.example/');
    expect(await visit(UA.desktop, 'FR')).toBe('https://default.example/');
  });
});
