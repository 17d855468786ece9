import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { featureMessage } from '../../core/plans';
import { linkCookieName } from '../../core/stages';
import { checkSequence, sequenceStep } from '../../modules/sequences/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { browserVisitor, validationFailure, workspacePool } from '../helpers/smart-links';

const urls = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://step${i + 1}.example/` }));

const failure = (value: unknown) => validationFailure(checkSequence, value);

describe('validation', () => {
  test.each([
    ['not an object', [1], 'expected an object'],
    ['urls missing', { loop: true }, '2 to 50 items'],
    ['one URL', { urls: urls(1) }, '2 to 50 items'],
    ['51 URLs', { urls: urls(51) }, '2 to 50 items'],
    ['URL not http(s)', { urls: [{ url: 'javascript:alert(1)' }, { url: 'https://b.example/' }] }, 'sequence.urls[0].url'],
    ['item a bare string', { urls: ['https://a.example/', 'https://b.example/'] }, 'sequence.urls[0]: expected an object'],
    ['title not a string', { urls: [{ url: 'https://a.example/', title: 5 }, { url: 'https://b.example/' }] }, 'sequence.urls[0].title'],
    ['loop not a boolean', { urls: urls(2), loop: 'yes' }, 'sequence.loop'],
    ['unknown key', { urls: urls(2), shuffle: true }, 'unknown field "shuffle"'],
  ])('%s → 400', (_name, value, message) => {
    expect(failure(value)).toContain(message);
  });

  test('loop defaults to false; 2 and 50 URLs pass', () => {
    expect(checkSequence({ urls: urls(2) })).toEqual({ urls: urls(2), loop: false });
    expect(checkSequence({ urls: urls(50), loop: true }).urls).toHaveLength(50);
  });

  test.each([
    [false, [0, 1, 2, 2, 2]],
    [true, [0, 1, 2, 0, 1]],
  ])('stepping with loop %p', (loop, expected) => {
    let cookie: string | undefined;
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { index, next } = sequenceStep(cookie, 3, loop);
      seen.push(index);
      cookie = String(next);
    }
    expect(seen).toEqual(expected);
  });

  test('a garbage cookie starts over', () => {
    expect(sequenceStep('abc', 3, false).index).toBe(0);
    expect(sequenceStep('-1', 3, false).index).toBe(0);
    expect(sequenceStep('99', 3, false).index).toBe(2);
    expect(sequenceStep('4', 3, true).index).toBe(1);
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

  test('free: 402 (sequences need Pro); pro: invalid → 400', async () => {
    const free = await pool.create('free', { sequence: { urls: urls(2) } });
    expect(free.status).toBe(402);
    expect(free.body.error).toBe(featureMessage('sequence'));
    const bad = await pool.create('pro', { sequence: { urls: urls(1) } });
    expect(bad.status).toBe(400);
  });

  test.each([
    [false, ['step1', 'step2', 'step3', 'step3', 'step3']],
    [true, ['step1', 'step2', 'step3', 'step1', 'step2']],
  ])('loop %p: cookies carried between visits step through the URLs', async (loop, expected) => {
    const created = await pool.create('pro', { sequence: { urls: urls(3), loop } });
    expect(created.status).toBe(201);
    expect(created.body.sequence.loop).toBe(loop);
    const path = `/${created.body.slug}`;
    const visitor = browserVisitor(t);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await visitor.visit(path);
      expect(res.status).toBe(302);
      seen.push(new URL(res.headers.get('location')!).hostname.split('.')[0]!);
    }
    expect(seen).toEqual(expected);
    // another visitor starts at the first URL; the cookie is the link's own
    expect((await browserVisitor(t).visit(path)).headers.get('location')).toBe('https://step1.example/');
    const header = (await t.request(path)).headers.getSetCookie().find((c) => c.startsWith(`${linkCookieName('seq', created.body)}=`))!;
    expect(header).toContain(`Path=${path}`);
  });

  test('PATCH null clears the sequence: the default target again', async () => {
    const created = await pool.create('pro', { target: 'https://default.example/', sequence: { urls: urls(2) } });
    const res = await t.api('PATCH', `/workspaces/${created.ws.workspaceId}/links/${created.body.id}`, { key: created.ws.key, body: { sequence: null } });
    expect(res.status).toBe(200);
    expect((await t.request(`/${created.body.slug}`)).headers.get('location')).toBe('https://default.example/');
  });
});
