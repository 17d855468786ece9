import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { apiKeys } from '../../modules/api-keys/schema';
import { links } from '../../modules/links/schema';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { workspacePool } from '../helpers/smart-links';
import { addDomain, BROWSER_UA, createLink, type Ws } from '../links/fixtures';

/**
 * Abuse and bad input: a table of hostile inputs, each with its safe result.
 * Already covered elsewhere and not repeated: own short domains as create target
 * (test/links/create), the SSRF matrix of webhooks (test/webhooks/ssrf), password rate limit
 * per link+IP (test/redirect/password), CSV neutralisation of export cells
 * (test/import-export/export), unverified custom domains (test/redirect/redirect).
 */
let t: TestApp;
let pool: ReturnType<typeof workspacePool>;
let ws: Ws;
let monitored: ReturnType<typeof Bun.serve>;
/** the same trap on IPv6 loopback: a `[::1]` target would reach this one */
let monitoredV6: ReturnType<typeof Bun.serve>;
const monitoredHits: string[] = [];
const countMonitoredHit = (req: Request) => {
  monitoredHits.push(new URL(req.url).pathname);
  return new Response('ok');
};

beforeAll(async () => {
  monitored = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: countMonitoredHit });
  monitoredV6 = Bun.serve({ hostname: '::1', port: 0, fetch: countMonitoredHit });
  // monitoring is run by hand below; private addresses are refused (the default)
  t = await startTestApp({ config: { monitorIntervalMs: 3_600_000 } });
  // with REDIS_URL clicks go through BullMQ: consume the queues here, as `bun run worker` would
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
  pool = workspacePool(t);
  ws = await t.bootstrap({ plan: 'agency' });
});
afterAll(async () => {
  await t.close();
  monitored.stop(true);
  monitoredV6.stop(true);
});

describe('query-parameter target override: the link target (and its host) always wins', () => {
  const overrides = [
    '?url=https://evil.example/',
    '?target=https://evil.example/',
    '?redirect=https://evil.example/',
    '?next=//evil.example/',
    '?return_to=https%3A%2F%2Fevil.example',
    '?utm_source=x&url=https://evil.example/',
    '?@evil.example',
    '/..%2F%2Fevil.example',
  ];
  let slug: string;
  beforeAll(async () => {
    const res = await pool.create('pro', { target: 'https://target.example/landing?keep=1', utm_params: { source: 'news', medium: 'email' } });
    expect(res.status).toBe(201);
    slug = res.body.slug;
  });
  for (const suffix of overrides) {
    test(`/{slug}${suffix}`, async () => {
      const res = await t.request(`/${slug}${suffix}`, { headers: { 'user-agent': BROWSER_UA } });
      if (suffix.startsWith('/')) return expect(res.status).toBe(404); // not the slug at all
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.origin).toBe('https://target.example');
      expect(location.pathname).toBe('/landing');
      expect(location.searchParams.get('keep')).toBe('1');
      expect(location.searchParams.get('utm_source')).toBe('news'); // the link's UTM, not the visitor's
    });
  }
});

describe('javascript:, data:, vbscript:, file: in every URL field → 400', () => {
  const schemes = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ];
  const ok = 'https://ok.example/';
  const linkFields: [string, (u: string) => Record<string, unknown>][] = [
    ['target', (u) => ({ target: u })],
    ['fallback_url', (u) => ({ fallback_url: u })],
    ['og_image', (u) => ({ og_image: u })],
    [
      'ab_variants[].url',
      (u) => ({
        ab_variants: [
          { name: 'a', url: u, weight: 50 },
          { name: 'b', url: ok, weight: 50 },
        ],
      }),
    ],
    ['rules[].action.url', (u) => ({ rules: [{ name: 'r', conditions: [], action: { type: 'redirect', url: u } }] })],
    ['sequence.urls[].url', (u) => ({ sequence: { urls: [{ url: ok }, { url: u }] } })],
    ['routing_rules.geo', (u) => ({ routing_rules: { geo: { US: u } } })],
    ['routing_rules.device', (u) => ({ routing_rules: { device: { mobile: u } } })],
    ['routing_rules.os', (u) => ({ routing_rules: { os: { iOS: u } } })],
    ['deep_link.ios_app_url', (u) => ({ deep_link: { ios_app_url: u } })],
    ['deep_link.android_app_url', (u) => ({ deep_link: { android_app_url: u } })],
    ['deep_link.ios_store_url', (u) => ({ deep_link: { ios_app_url: 'myapp://x', ios_store_url: u } })],
    ['deep_link.ios_fallback_url', (u) => ({ deep_link: { ios_app_url: 'myapp://x', ios_fallback_url: u } })],
    ['deep_link.android_store_url', (u) => ({ deep_link: { android_app_url: 'myapp://x', android_store_url: u } })],
    ['deep_link.android_fallback_url', (u) => ({ deep_link: { android_app_url: 'myapp://x', android_fallback_url: u } })],
  ];
  for (const [field, body] of linkFields) {
    test(`link create: ${field}`, async () => {
      for (const scheme of schemes) {
        const res = await pool.create('agency', { target: ok, ...body(scheme) });
        expect({ scheme, status: res.status }).toEqual({ scheme, status: 400 });
        expect(typeof res.body.error).toBe('string');
      }
    });
  }

  test('link PATCH: every URL field', async () => {
    const link = await createLink(t, ws, { target: ok });
    for (const [, body] of linkFields) {
      for (const scheme of schemes) {
        const res = await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key, body: body(scheme) });
        expect({ body: body(scheme), status: res.status }).toEqual({ body: body(scheme), status: 400 });
      }
    }
  });

  test('bulk create and CSV import skip the row; nothing is created', async () => {
    const fresh = await t.bootstrap({ plan: 'pro' });
    const bulk = await t.api('POST', `/workspaces/${fresh.workspaceId}/links/bulk`, { key: fresh.key, body: { links: schemes.map((target) => ({ target })) } });
    expect(bulk.body.count).toBe(0);
    const csv = ['target', ...schemes.map((s) => `"${s.replaceAll('"', '""')}"`)].join('\n');
    const imported = await t.api('POST', `/workspaces/${fresh.workspaceId}/import/links`, { key: fresh.key, body: { csv } });
    expect(imported.body.created ?? 0).toBe(0);
    const list = await t.api('GET', `/workspaces/${fresh.workspaceId}/links`, { key: fresh.key });
    expect(list.body.total).toBe(0);
  });

  test('template config URL fields', async () => {
    for (const scheme of schemes) {
      const res = await t.api('POST', `/workspaces/${ws.workspaceId}/templates`, { key: ws.key, body: { name: 'T', config: { og_image: scheme } } });
      expect({ scheme, status: res.status }).toEqual({ scheme, status: 400 });
    }
  });

  test('webhook url, on create and PATCH', async () => {
    for (const scheme of schemes) {
      const res = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, { key: ws.key, body: { name: 'W', url: scheme, events: ['link.created'] } });
      expect({ scheme, status: res.status }).toEqual({ scheme, status: 400 });
    }
    const hook = await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, {
      key: ws.key,
      body: { name: 'W', url: 'https://93.184.216.34/hook', events: ['link.created'] },
    });
    expect(hook.status).toBe(201);
    for (const scheme of schemes) {
      const res = await t.api('PATCH', `/workspaces/${ws.workspaceId}/webhooks/${hook.body.id}`, { key: ws.key, body: { url: scheme } });
      expect({ scheme, status: res.status }).toEqual({ scheme, status: 400 });
    }
  });

  test('workspace expired_page_url and retargeting_scripts', async () => {
    for (const scheme of schemes) {
      for (const body of [{ expired_page_url: scheme }, { retargeting_scripts: [scheme] }]) {
        const res = await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body });
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
      }
    }
  });
});

describe('targets on our own short domains → 400 (create is covered in test/links)', () => {
  test('default and custom short domain as PATCH target, also fully qualified (a trailing dot)', async () => {
    await addDomain(t, ws, 'own-short.example', true);
    const link = await createLink(t, ws, { target: 'https://ok.example/' });
    // only the target: a fallback or variant may name another short link (no loop by itself)
    const bodies = (u: string) => [{ target: u }];
    for (const own of [
      'http://go.linkhop.test/abc',
      'https://GO.LINKHOP.TEST/abc',
      'https://own-short.example/x',
      'http://go.linkhop.test./abc',
      'https://own-short.example../x',
      'http://go.linkhop.test.:8080/abc',
    ]) {
      for (const body of bodies(own)) {
        const res = await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key, body });
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        const created = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body });
        expect({ body, created: created.status }).toEqual({ body, created: 400 });
      }
    }
  });
});

describe('colour injection → 400', () => {
  const payloads = ['ff0000"/><script>alert(1)</script>', 'red', '#ff0000;background:url(javascript:alert(1))', '000000 ', 'ff00000', 'expression(alert(1))'];
  test('QR fg and bg', async () => {
    const link = await createLink(t, ws, { target: 'https://ok.example/qr' });
    for (const p of payloads) {
      for (const param of ['fg', 'bg']) {
        const res = await t.api('GET', `/workspaces/${ws.workspaceId}/links/${link.id}/qr?${param}=${encodeURIComponent(p)}`, { key: ws.key });
        expect({ param, p, status: res.status }).toEqual({ param, p, status: 400 });
      }
    }
  });
  test('interstitial style colours', async () => {
    for (const p of payloads) {
      for (const key of ['bg_color', 'text_color', 'button_color']) {
        const res = await pool.create('pro', { interstitial: { title: 'Hi', style: { [key]: p } } });
        expect({ key, p, status: res.status }).toEqual({ key, p, status: 400 });
      }
    }
  });
  test('portfolio style colours', async () => {
    for (const p of payloads) {
      for (const key of ['bg_color', 'text_color', 'accent_color']) {
        const res = await t.api('POST', `/workspaces/${ws.workspaceId}/portfolios`, { key: ws.key, body: { name: 'P', config: { style: { [key]: p } } } });
        expect({ key, p, status: res.status }).toEqual({ key, p, status: 400 });
      }
    }
  });
  test('tag colour', async () => {
    for (const p of payloads) {
      const res = await t.api('PUT', `/workspaces/${ws.workspaceId}/links/tags/hostile`, { key: ws.key, body: { color: p } });
      expect({ p, status: res.status }).toEqual({ p, status: 400 });
    }
  });
});

test('CSV formula injection through a real visit: the Referer lands neutralised in the clicks export', async () => {
  const fresh = await t.bootstrap({ plan: 'pro' });
  const link = await createLink(t, fresh, { target: 'https://ok.example/csv', title: '=HYPERLINK("https://evil.example","click")' });
  const referer = "https://x.example/=cmd|' /C calc'!A0";
  const formulaReferer = '=HYPERLINK("https://evil.example","x")';
  await t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA, referer } });
  await t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA, referer: formulaReferer } });
  let text = '';
  for (let i = 0; i < 100; i++) {
    await t.deps.bus.settle();
    await t.deps.queue.idle();
    const res = await t.api('GET', `/workspaces/${fresh.workspaceId}/export/clicks`, { key: fresh.key });
    text = res.text;
    if (text.trim().split(/\r?\n/).length >= 3) break;
    await Bun.sleep(100);
  }
  const lines = text.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  // no cell starts with = + - @ (after an optional opening quote of RFC 4180)
  for (const line of lines.slice(1)) for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+\-@\t\r]/);
  expect(text).toContain(`'=HYPERLINK`);
  const links = await t.api('GET', `/workspaces/${fresh.workspaceId}/export/links`, { key: fresh.key });
  expect(links.text).toContain(`'=HYPERLINK`);
}, 30_000);

describe('monitoring SSRF: a target that is a private address in any spelling is never fetched', () => {
  test('decimal, hex, octal, short, IPv6 loopback, IPv4-mapped IPv6, localhost', async () => {
    const port = monitored.port;
    const port6 = monitoredV6.port;
    // the trap is reachable: a plain fetch from here gets through
    expect((await fetch(`http://[::1]:${port6}/reachable`)).status).toBe(200);
    monitoredHits.length = 0;
    const targets = [
      `http://2130706433:${port}/decimal`,
      `http://0x7f000001:${port}/hex`,
      `http://0177.0.0.1:${port}/octal`,
      `http://127.1:${port}/short`,
      `http://[::ffff:127.0.0.1]:${port}/mapped`,
      `http://[::ffff:7f00:1]:${port}/mapped-hex`,
      `http://localhost:${port}/localhost`,
      `http://127.0.0.1:${port}/plain`,
      `http://[::1]:${port6}/v6-loopback`,
      `http://[0:0:0:0:0:0:0:1]:${port6}/v6-long`,
      `http://[::]:${port6}/v6-unspecified`,
      `http://0.0.0.0:${port}/unspecified`,
    ];
    const fresh = await t.bootstrap({ plan: 'pro' });
    let created = 0;
    for (const target of targets) {
      const res = await t.api('POST', `/workspaces/${fresh.workspaceId}/links`, { key: fresh.key, body: { target, monitoring: true } });
      if (res.status === 201) created++;
      else expect(res.status).toBe(400); // refusing the target outright is safe too
    }
    const pass = await t.api('POST', '/admin/monitoring/run', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(pass.status).toBe(200);
    expect(pass.body.broken).toBe(0);
    expect(created).toBeGreaterThan(0);
    await Bun.sleep(200);
    expect(monitoredHits).toEqual([]);
  }, 30_000);
});

describe('passwords', () => {
  test('stored as argon2id; GET with ?password= never unlocks; only the form POST does', async () => {
    const link = await createLink(t, ws, { target: 'https://ok.example/secret', password: 'correct-horse-9' });
    const [row] = await t.deps.db.select({ hash: links.passwordHash }).from(links).where(eq(links.id, link.id));
    expect(row!.hash).toStartWith('$argon2id$');
    expect(row!.hash).not.toContain('correct-horse-9');
    for (const query of ['?password=correct-horse-9', '?pw=correct-horse-9', '?password=correct-horse-9&unlock=1']) {
      const res = await t.request(`/${link.slug}${query}`, { headers: { 'user-agent': BROWSER_UA } });
      expect(res.status).not.toBe(302);
      expect(res.headers.get('location')).toBeNull();
    }
    const form = await t.request(`/${link.slug}`, {
      method: 'POST',
      headers: { 'user-agent': BROWSER_UA, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=correct-horse-9',
    });
    expect(form.status).toBe(302);
    expect(form.headers.get('location')).toStartWith('https://ok.example/secret');
  }, 20_000);
});

describe('API keys', () => {
  test('stored as a hash only; a key differing in its last character, a prefix, an extension or another case is 401', async () => {
    const rows = await t.deps.db.select().from(apiKeys).where(eq(apiKeys.workspaceId, ws.workspaceId));
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(ws.key);
    const last = ws.key.at(-1)!;
    const variants = [
      ws.key.slice(0, -1) + (last === 'a' ? 'b' : 'a'),
      ws.key.slice(0, -1),
      `${ws.key}x`,
      `${ws.key.slice(0, 3)}${ws.key.slice(4)}`,
      ws.key.toUpperCase() === ws.key ? ws.key.toLowerCase() : ws.key.toUpperCase(),
    ];
    for (const key of variants) {
      const res = await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key });
      expect({ key, status: res.status }).toEqual({ key, status: 401 });
    }
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/links`, { key: ws.key })).status).toBe(200);
  });
});
