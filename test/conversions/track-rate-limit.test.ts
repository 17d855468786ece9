import { afterAll, beforeAll, expect, test } from 'bun:test';
import { RATE_LIMITS } from '../../core/plans';
import { startTestApp, type TestApp } from '../helpers/app';

/** `/track/lead` and `/track/sale` share a per-workspace budget: past it, 429 with Retry-After, other workspaces untouched. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const track = (ws: { workspaceId: string; key: string }, what: 'lead' | 'sale') =>
  t.api('POST', `/workspaces/${ws.workspaceId}/track/${what}`, {
    key: ws.key,
    body:
      what === 'lead'
        ? { click_id: '00000000-0000-7000-8000-000000000000', event_name: 'Sign up', customer_id: 'c1' }
        : { customer_id: 'nobody', amount: 100, currency: 'EUR' },
  });

test(`${RATE_LIMITS.track.points} leads and sales per ${RATE_LIMITS.track.durationSec} s per workspace, then 429 with Retry-After`, async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const other = await t.bootstrap({ plan: 'pro' });
  const { points, durationSec } = RATE_LIMITS.track;
  // each answers 404 (no such click, no lead of that customer): they count all the same. Sent 100 at a
  // time, so that all of them land in one window even on a slow machine
  const statuses: number[] = [];
  for (let i = 0; i < points; i += 100) {
    const batch = Array.from({ length: Math.min(100, points - i) }, (_, j) => track(ws, (i + j) % 2 ? 'sale' : 'lead'));
    for (const res of await Promise.all(batch)) statuses.push(res.status);
  }
  expect(new Set(statuses)).toEqual(new Set([404]));
  for (const what of ['lead', 'sale'] as const) {
    const refused = await track(ws, what);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(durationSec);
  }
  expect((await track(other, 'lead')).status).toBe(404);
});
