import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { RESERVED_SEGMENTS } from '../../core/hosts';
import type { LinkhopModule } from '../../core/module';
import { keylessPattern, sitePaths } from '../../core/site-paths';
import { SITE_PATHS } from '../../app/modules';
import { startTestApp, type TestApp } from '../helpers/app';

// The kernel's path lists and the slugs' reserved words are built from the module descriptors. Before,
// the kernel kept two lists and core/hosts.ts a third, and they disagreed: `lh.js` (the conversion
// helper) was site-only but not reserved, as was `.well-known` (neither spells a slug today, but
// nothing tied the two lists); `favicon.ico`, `robots.txt`, `assets` and `static` were reserved but
// served by nothing, so on a short domain they are asked of the short links (the redirector's 404).

/** The first path segments the design reserves for the site (docs/interfaces: hosts and paths) and core/hosts.ts kept. */
const SITE_ONLY = ['api', 'p', 'mcp', 'app', 'lh.js', 'oauth', '.well-known'];
const EVERY_HOST = ['healthz', 'readyz', 'metrics'];
const KEPT = ['favicon.ico', 'robots.txt', 'assets', 'static'];

describe('built from the descriptors', () => {
  test('site-only segments: exactly the site paths; answered (never the redirector lane): those and the probes', () => {
    expect([...SITE_PATHS.site].sort()).toEqual([...SITE_ONLY].sort());
    expect([...SITE_PATHS.answered].sort()).toEqual([...SITE_ONLY, ...EVERY_HOST].sort());
  });

  test('reserved segments: every site path, the probes, the files kept for the site; the slugs refuse the same set', () => {
    const reserved = [...SITE_ONLY, ...EVERY_HOST, ...KEPT].sort();
    expect([...SITE_PATHS.reserved].sort()).toEqual(reserved);
    expect([...RESERVED_SEGMENTS].sort()).toEqual(reserved);
  });

  test('the keyless /api routes: the same paths as the kernel regex they replace', () => {
    // the kernel's regex before the descriptors declared these routes
    const before = /^\/api\/((admin|invites|docs)(\/|$)|openapi\.json$|session(\/sign-in-link|\/options|\/oidc\/(start|callback))?$|setup$)/;
    const paths = [
      '/api/admin',
      '/api/admin/',
      '/api/admin/workspaces/x/plan',
      '/api/administrators',
      '/api/invites/tok',
      '/api/invites/tok/join',
      '/api/invites/tok/accept',
      '/api/docs',
      '/api/docs/swagger-ui.css',
      '/api/openapi.json',
      '/api/openapi.jsonx',
      '/api/openapiXjson',
      '/api/session',
      '/api/session/',
      '/api/session/all',
      '/api/sessions',
      '/api/session/sign-in-link',
      '/api/session/sign-in-link/x',
      '/api/session/options',
      '/api/session/oidc/start',
      '/api/session/oidc/callback',
      '/api/session/oidc/other',
      '/api/setup',
      '/api/setup/x',
      '/api/operator/users',
      '/api/workspaces',
      '/api/tls/ask',
    ];
    expect(paths.filter((path) => SITE_PATHS.keyless.test(path))).toEqual(paths.filter((path) => before.test(path)));
  });

  test('a keyless entry: `/*` is the path and all below it, anything else one exact path, dots and all', () => {
    const pattern = keylessPattern(['/api/a/*', '/api/b.json']);
    expect(['/api/a', '/api/a/', '/api/a/x/y', '/api/ab', '/api/b.json', '/api/bxjson', '/api/b.json/x'].map((p) => pattern.test(p))).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
      false,
    ]);
  });

  test('two modules declaring one segment: the module list refuses to load, naming both', () => {
    const a: LinkhopModule = { name: 'a', segments: { site: ['shop'] } };
    const b: LinkhopModule = { name: 'b', segments: { reserved: ['shop'] } };
    expect(() => sitePaths([a, b])).toThrow('path segment "shop" is declared by the a module and by the b module');
    expect(() => sitePaths([{ name: 'c', segments: { anyHost: ['api'] } }])).toThrow('declared by the kernel and by the c module');
  });

  test('body limits: the import, from its module', () => {
    const [limit, ...others] = SITE_PATHS.bodyLimits;
    expect(others).toEqual([]);
    expect(limit!.maxBytes).toBe(8 * 1024 * 1024);
    expect(limit!.path.test('/api/workspaces/ws_1/import/links')).toBe(true);
    expect(limit!.path.test('/api/workspaces/ws_1/links')).toBe(false);
  });
});

describe('in a running app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 180_000);
  afterAll(() => t.close());

  test('every reserved segment a slug could spell is refused as a custom slug', async () => {
    const { workspaceId, key } = await t.bootstrap({ plan: 'pro' });
    const domain = `reserved-${Date.now().toString(36)}.example.com`;
    expect((await t.api('POST', `/workspaces/${workspaceId}/domains`, { key, body: { domain } })).status).toBe(201);
    const spellable = [...RESERVED_SEGMENTS].filter((segment) => /^[A-Za-z0-9_-]+$/.test(segment));
    expect(spellable.sort()).toEqual(['api', 'app', 'assets', 'healthz', 'mcp', 'metrics', 'oauth', 'p', 'readyz', 'static']);
    for (const slug of spellable) {
      const res = await t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/', domain, slug } });
      expect({ slug, status: res.status, field: res.body.field }).toEqual({ slug, status: 400, field: 'slug' });
    }
  });

  test("the site's kept files are only kept: on a short domain they are asked of the short links, as before", async () => {
    const missingLink = await (await t.request('/no-such-link')).text();
    for (const path of ['/favicon.ico', '/robots.txt']) {
      const res = await t.request(path);
      expect({ path, status: res.status, page: await res.text() }).toEqual({ path, status: 404, page: missingLink });
    }
  });

  test('/lh.js is the site host’s only: on a short domain a plain 404', async () => {
    expect((await t.request('/lh.js', { host: 'linkhop.test' })).status).toBe(200);
    expect((await t.request('/lh.js')).status).toBe(404);
  });
});
