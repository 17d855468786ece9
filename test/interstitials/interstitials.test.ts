import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { featureMessage } from '../../core/plans';
import { checkInterstitial } from '../../modules/interstitials/service';
import { linkCookieName } from '../../core/stages';
import { startTestApp, type TestApp } from '../helpers/app';
import { browserVisitor, cookiesOf, UA, validationFailure, workspacePool } from '../helpers/smart-links';

const failure = (value: unknown) => validationFailure(checkInterstitial, value);

describe('validation', () => {
  test.each([
    ['not an object', 'hello', 'expected an object'],
    ['title missing', { body: 'x' }, 'title is required'],
    ['title empty', { title: '  ' }, 'interstitial.title: must not be empty'],
    ['title 201 characters', { title: 'x'.repeat(201) }, 'interstitial.title: at most 200'],
    ['body 501 characters', { title: 't', body: 'x'.repeat(501) }, 'interstitial.body: at most 500'],
    ['cta_text 51 characters', { title: 't', cta_text: 'x'.repeat(51) }, 'interstitial.cta_text: at most 50'],
    ['delay 0', { title: 't', delay: 0 }, 'interstitial.delay: expected an integer from 1 to 30'],
    ['delay 31', { title: 't', delay: 31 }, 'interstitial.delay'],
    ['delay 2.5', { title: 't', delay: 2.5 }, 'interstitial.delay'],
    ['delay as a string', { title: 't', delay: '5' }, 'interstitial.delay'],
    ['show_once not a boolean', { title: 't', show_once: 1 }, 'interstitial.show_once'],
    ['colour breaking out of CSS', { title: 't', style: { bg_color: '000"><script>alert(1)</script>' } }, 'interstitial.style.bg_color: expected a hex colour'],
    ['colour by name', { title: 't', style: { text_color: 'red' } }, 'interstitial.style.text_color'],
    ['colour with five digits', { title: 't', style: { button_color: '#12345' } }, 'interstitial.style.button_color'],
    ['colour with CSS after it', { title: 't', style: { bg_color: '#fff;background:url(x)' } }, 'interstitial.style.bg_color'],
    ['unknown style key', { title: 't', style: { font: 'Comic Sans' } }, 'unknown field "font"'],
    ['unknown key', { title: 't', sound: true }, 'unknown field "sound"'],
  ])('%s → 400', (_name, value, message) => {
    expect(failure(value)).toContain(message);
  });

  test('defaults: cta_text Continue, delay 5, show_once true; limits themselves pass', () => {
    expect(checkInterstitial({ title: 'Hi' })).toEqual({ title: 'Hi', cta_text: 'Continue', delay: 5, show_once: true });
    const full = {
      title: 'x'.repeat(200),
      body: 'y'.repeat(500),
      cta_text: 'z'.repeat(50),
      delay: 30,
      show_once: false,
      style: { bg_color: '#FFF', text_color: '#112233', button_color: '#abcdef' },
    };
    expect(checkInterstitial(full)).toEqual(full);
    expect(checkInterstitial({ title: 't', delay: 1 }).delay).toBe(1);
  });
});

describe('through the API and real redirects', () => {
  let t: TestApp;
  let pool: ReturnType<typeof workspacePool>;
  beforeAll(async () => {
    t = await startTestApp();
    pool = workspacePool(t);
  });
  afterAll(() => t.close());

  test('free: 402; pro: invalid → 400', async () => {
    const free = await pool.create('free', { interstitial: { title: 'Hi' } });
    expect(free.status).toBe(402);
    expect(free.body.error).toBe(featureMessage('interstitial'));
    const bad = await pool.create('pro', { interstitial: { title: 'Hi', style: { bg_color: '000"><script>' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('hex colour');
  });

  test('the page: escaped title and body, delay, button to the target; shown once per visitor (cookie)', async () => {
    const created = await pool.create('pro', {
      target: 'https://target.example/landing',
      interstitial: {
        title: '<script>alert(1)</script>',
        body: 'Body </script><img src=x onerror=alert(2)>',
        cta_text: 'Go "now"',
        delay: 3,
        style: { bg_color: '#000', text_color: '#fff', button_color: '#f00' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.interstitial).toEqual({
      title: '<script>alert(1)</script>',
      body: 'Body </script><img src=x onerror=alert(2)>',
      cta_text: 'Go "now"',
      delay: 3,
      show_once: true,
      style: { bg_color: '#000', text_color: '#fff', button_color: '#f00' },
    });
    const path = `/${created.body.slug}`;
    const visitor = browserVisitor(t, UA.desktop);

    const first = await visitor.visit(path);
    expect(first.status).toBe(200);
    const page = await first.text();
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<img');
    expect(page).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(page).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(page).toContain('<meta http-equiv="refresh" content="3;url=https://target.example/landing">');
    expect(page).toContain('<a class="button" id="continue" href="https://target.example/landing">Go &quot;now&quot;</a>');
    expect(page).toContain('var target="https://target.example/landing",left=3');
    expect(page).toContain('body{background:#000;color:#fff}.button{background:#f00;color:#fff}');
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith(`${linkCookieName('int', created.body)}=`));
    expect(cookie).toContain(`Path=${path}`);

    const second = await visitor.visit(path);
    expect(second.status).toBe(302);
    expect(second.headers.get('location')).toBe('https://target.example/landing');
    // another visitor sees it
    expect((await browserVisitor(t).visit(path)).status).toBe(200);
  });

  test('show_once false: every visit, no cookie; bots and social bots skip it', async () => {
    const created = await pool.create('pro', { target: 'https://target.example/', interstitial: { title: 'Every time', show_once: false } });
    const path = `/${created.body.slug}`;
    const visitor = browserVisitor(t);
    for (let i = 0; i < 3; i++) {
      const res = await visitor.visit(path);
      expect(res.status).toBe(200);
      expect(cookiesOf(res)[linkCookieName('int', created.body)]).toBeUndefined();
    }
    for (const ua of [UA.googlebot, UA.facebook]) {
      const res = await t.request(path, { headers: { 'user-agent': ua } });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://target.example/');
    }
  });

  test('a stored colour that is not hex never reaches the CSS (defence in depth)', async () => {
    const { interstitialPage } = await import('../../modules/interstitials/service');
    const page = interstitialPage(
      { title: 't', cta_text: 'Continue', delay: 5, show_once: true, style: { bg_color: '000"><script>alert(1)</script>' } },
      'https://x.example/',
      [],
    );
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('body{background:#ffffff');
  });

  test('an interstitial carries the retargeting scripts of a Team workspace', async () => {
    const created = await pool.create('team', { interstitial: { title: 'Hi' } });
    const patched = await t.api('PATCH', `/workspaces/${created.ws.workspaceId}`, {
      key: created.ws.key,
      body: { retargeting_scripts: ['https://cdn.example/px.js'] },
    });
    expect(patched.status).toBe(200);
    const page = await (await t.request(`/${created.body.slug}`, { headers: { 'user-agent': UA.desktop } })).text();
    expect(page).toContain('<script async src="https://cdn.example/px.js"></script>');
    expect(page).toContain('<h1>Hi</h1>');
  });
});
