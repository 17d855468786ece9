import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';
import { UA } from '../helpers/smart-links';

/**
 * The spec's decision order, end to end on one link carrying everything: expiry and password
 * gates → sequence → rules engine → legacy routing → A/B → default → deep link → UTM →
 * interstitial / retargeting page → 301/302. Each step removes the layer that decided the last one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { GEO_HEADER: 'x-test-country' } });
});
afterAll(() => t.close());

test('decision order', async () => {
  const { workspaceId, key } = await t.bootstrap({ plan: 'team' });
  expect((await t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { retargeting_scripts: ['https://cdn.example/px.js'] } })).status).toBe(200);
  const created = await t.api('POST', `/workspaces/${workspaceId}/links`, {
    key,
    body: {
      target: 'https://default.example/',
      redirect_type: 301,
      expires_at: new Date(Date.now() - 60_000).toISOString(),
      password: 'open-sesame',
      sequence: { urls: [{ url: 'https://seq1.example/' }, { url: 'https://seq2.example/' }], loop: true },
      rules: [{ name: 'germany', conditions: [{ field: 'country', operator: 'eq', value: 'DE' }], action: { type: 'redirect', url: 'https://rule.example/' } }],
      routing_rules: { geo: { DE: 'https://geo-de.example/', FR: 'https://geo-fr.example/' } },
      ab_variants: [
        { name: 'A', url: 'https://variant-a.example/', weight: 50 },
        { name: 'B', url: 'https://variant-b.example/', weight: 50 },
      ],
      deep_link: { ios_app_url: 'myapp://open' },
      utm_params: { source: 'order' },
      interstitial: { title: 'Before you go', show_once: false },
    },
  });
  expect(created.status).toBe(201);
  const path = `/${created.body.slug}`;
  const linkPath = `/workspaces/${workspaceId}/links/${created.body.id}`;
  const patch = async (body: Record<string, unknown>) => expect((await t.api('PATCH', linkPath, { key, body })).status).toBe(200);
  const visit = (country: string, ua = UA.desktop, init: RequestInit = {}) =>
    t.request(path, { ...init, headers: { 'user-agent': ua, 'x-test-country': country, ...(init.headers as Record<string, string>) } });
  const location = async (country: string, ua = UA.desktop) => {
    const res = await visit(country, ua);
    return `${res.status} ${res.headers.get('location')}`;
  };

  // 1. expiry comes first: 410 although everything else is set
  expect((await visit('DE')).status).toBe(410);
  await patch({ expires_at: null });

  // 2. the password gate: a form, and the right password continues into the pipeline
  const form = await visit('DE');
  expect(form.status).toBe(200);
  expect(await form.text()).toContain('name="password"');
  const unlocked = await visit('DE', UA.desktop, {
    method: 'POST',
    body: new URLSearchParams({ password: 'open-sesame' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(unlocked.status).toBe(200);
  expect(await unlocked.text()).toContain('var target="https://seq1.example/?utm_source=order"');
  await patch({ password: null });

  // 3. sequence beats rules; UTM on the target; the interstitial (with the retargeting scripts) is the answer
  let page = await (await visit('DE')).text();
  expect(page).toContain('<h1>Before you go</h1>');
  expect(page).toContain('var target="https://seq1.example/?utm_source=order"');
  expect(page).toContain('<script async src="https://cdn.example/px.js"></script>');
  // a deep link (after routing, before pages) sends an iPhone to the app with a 302, whatever redirect_type says
  expect(await location('DE', UA.iphone)).toBe('302 myapp://open');
  // without the interstitial, the retargeting page continues to the same target
  await patch({ interstitial: null });
  page = await (await visit('DE')).text();
  expect(page).not.toContain('Before you go');
  expect(page).toContain('var target="https://seq1.example/?utm_source=order"');
  // without retargeting scripts: the plain 301
  expect((await t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { retargeting_scripts: null } })).status).toBe(200);
  expect(await location('DE')).toBe('301 https://seq1.example/?utm_source=order');

  // 4. no sequence: the rules engine beats legacy routing (DE is in both)
  await patch({ sequence: null });
  expect(await location('DE')).toBe('301 https://rule.example/?utm_source=order');
  // 5. no rule matches FR: legacy routing
  expect(await location('FR')).toBe('301 https://geo-fr.example/?utm_source=order');
  // 6. nothing routes US: A/B
  expect(await location('US')).toMatch(/^301 https:\/\/variant-[ab]\.example\/\?utm_source=order$/);
  await patch({ rules: null });
  expect(await location('DE')).toBe('301 https://geo-de.example/?utm_source=order');
  await patch({ routing_rules: null });
  expect(await location('FR')).toMatch(/^301 https:\/\/variant-[ab]\.example\/\?utm_source=order$/);
  // 7. no A/B: the default target
  await patch({ ab_variants: null });
  expect(await location('FR')).toBe('301 https://default.example/?utm_source=order');
  expect(await location('FR', UA.iphone)).toBe('302 myapp://open');
  await patch({ deep_link: null, redirect_type: null });
  expect(await location('FR', UA.iphone)).toBe('302 https://default.example/?utm_source=order');
});
