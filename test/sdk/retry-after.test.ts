import { expect, test } from 'bun:test';
import { LinkhopError, retryAfterSeconds } from '../../packages/sdk/src';
import { retryDelayMs } from '../../packages/sdk/src/retry';

/** `Retry-After` as RFC 9110 §10.2.3 allows it: delay-seconds or an HTTP date (the server sends seconds; proxies may send dates). */
const NOW = Date.parse('2026-11-29T03:00:00Z');

test.each([
  ['7', 7],
  ['0', 0],
  [' 12 ', 12],
  ['Sun, 29 Nov 2026 03:00:30 GMT', 30],
  ['Sun, 29 Nov 2026 02:59:00 GMT', 0],
  ['Sunday, 29-Nov-26 03:00:05 GMT', 5],
  ['Sun Nov 29 03:00:10 2026', 10],
  ['', undefined],
  [null, undefined],
  ['soon', undefined],
  ['-5', undefined],
  ['1.5', undefined],
])('Retry-After %p is %p seconds', (header, seconds) => {
  expect(retryAfterSeconds(header, NOW)).toBe(seconds);
});

const policy = { attempts: 3, statuses: [429, 503], baseDelayMs: 400, maxDelayMs: 60_000 };
const answer = (status: number, retryAfter?: string) => new Response(null, { status, headers: retryAfter ? { 'retry-after': retryAfter } : {} });

test('the wait: Retry-After when given (a date counts from now), else doubling backoff with jitter; none past the attempts, the statuses or maxDelayMs', () => {
  expect(retryDelayMs(policy, 1, answer(429, '3'), NOW)).toBe(3000);
  expect(retryDelayMs(policy, 1, answer(503, 'Sun, 29 Nov 2026 03:00:02 GMT'), NOW)).toBe(2000);
  for (let i = 0; i < 50; i++) {
    const first = retryDelayMs(policy, 1, answer(503), NOW)!;
    const second = retryDelayMs(policy, 2, answer(503), NOW)!;
    expect(first).toBeGreaterThanOrEqual(200);
    expect(first).toBeLessThanOrEqual(400);
    expect(second).toBeGreaterThanOrEqual(400);
    expect(second).toBeLessThanOrEqual(800);
  }
  expect(retryDelayMs(policy, 3, answer(429, '1'), NOW)).toBeUndefined();
  expect(retryDelayMs(policy, 1, answer(500), NOW)).toBeUndefined();
  expect(retryDelayMs(policy, 1, answer(409), NOW)).toBeUndefined();
  expect(retryDelayMs({ ...policy, maxDelayMs: 5000 }, 1, answer(429, '6'), NOW)).toBeUndefined();
});

test('LinkhopError: the code of the status when the answer names none; network_error for status 0', () => {
  expect(new LinkhopError(502, 'Bad gateway').code).toBe('upstream_failed');
  expect(new LinkhopError(418, 'Teapot').code).toBe('internal');
  expect(new LinkhopError(0, 'unreachable').code).toBe('network_error');
  expect(new LinkhopError(409, 'Taken', { code: 'taken', field: 'slug' })).toMatchObject({ status: 409, code: 'taken', field: 'slug' });
});
