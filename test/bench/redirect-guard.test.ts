import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Ceilings, compareWithCeilings, GUARD_CASES, medianRatios, type RoundCpu } from '../../bench/redirect-guard-check';

// The redirect guard's arithmetic on figures of our own (the guard itself runs in .ci/run: it needs
// the servers, and minutes of a quiet machine to be believed).
const ceilings: Ceilings = {
  ratios: {
    api: { ceiling: 3.5, measured: 2.8 },
    worker: { ceiling: 2, measured: 1.5 },
    production: { ceiling: 5.5, measured: 4.3 },
    embedded: { ceiling: 10, measured: 8 },
  },
};
const round = (bare: number, api: number, worker: number, embedded: number): RoundCpu => ({ bare, api, worker, embedded });

test('each case is its median round, every ratio against the bare run of its own round', () => {
  // a slower machine in round 2 doubles every figure of that round; its ratios are the middle ones
  const ratios = medianRatios([round(5, 14, 7, 40), round(10, 29, 15, 82), round(5, 15, 8, 42)]);
  expect(ratios.api).toBeCloseTo(2.9, 5);
  expect(ratios.worker).toBeCloseTo(1.5, 5);
  expect(ratios.production).toBeCloseTo(4.4, 5);
  expect(ratios.embedded).toBeCloseTo(8.2, 5);
  // one outlying round does not move the figure
  expect(medianRatios([round(5, 14, 7, 40), round(5, 50, 7, 40), round(5, 14, 7, 40)]).api).toBeCloseTo(2.8, 5);
});

test('figures under their ceilings pass; one ratio above its ceiling fails that case only', () => {
  expect(compareWithCeilings(medianRatios([round(5, 14, 7, 40)]), ceilings).every((v) => v.ok)).toBe(true);
  // 20 µs more per redirect in the API: 34 µs against a bare 5 µs is 6.8× (ceiling 3.5), and the sum with it
  const slower = compareWithCeilings(medianRatios([round(5, 34, 7, 40)]), ceilings);
  expect(slower.filter((v) => !v.ok).map((v) => v.case)).toEqual(['api', 'production']);
  expect(slower.find((v) => v.case === 'api')).toMatchObject({ ratio: 6.8, ceiling: 3.5, ok: false });
});

test('a case without a ceiling, or a figure that is not a number, fails', () => {
  const { embedded: _, ...others } = ceilings.ratios;
  const missing = compareWithCeilings(medianRatios([round(5, 14, 7, 40)]), { ratios: others } as Ceilings);
  expect(missing.find((v) => v.case === 'embedded')?.ok).toBe(false);
  expect(compareWithCeilings(medianRatios([round(0, 14, 7, 40)]), ceilings).every((v) => !v.ok)).toBe(true);
});

test('the committed ceilings name every case and sit above their measured figures', () => {
  const committed: Ceilings = JSON.parse(readFileSync(join(import.meta.dir, '../../bench/redirect-ceilings.json'), 'utf8'));
  for (const c of Object.keys(GUARD_CASES) as (keyof typeof GUARD_CASES)[]) {
    expect(committed.ratios[c].ceiling).toBeGreaterThan(committed.ratios[c].measured);
  }
});
