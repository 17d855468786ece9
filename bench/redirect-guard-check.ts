/**
 * The redirect guard's arithmetic (bench/redirect-guard.ts), apart from its processes so that a
 * test can run it on figures of its own: CPU µs per redirect of each case against the bare server
 * of the same round, the median round per case, and the ceilings it must stay under.
 */

/** CPU µs per redirect in one round, each process counted on its own */
export interface RoundCpu {
  bare: number;
  /** the production server (`app/main.ts` on PostgreSQL + Redis) */
  api: number;
  /** the clicks worker storing the production server's clicks */
  worker: number;
  /** the embedded default (`app/main.ts` on PGlite, clicks stored in process) */
  embedded: number;
}

/** what the guard compares: µs per redirect as a multiple of the bare server's */
export const GUARD_CASES = {
  api: 'production API',
  worker: 'production clicks worker',
  production: 'production API + worker',
  embedded: 'embedded default',
} as const;
export type GuardCase = keyof typeof GUARD_CASES;

/** bench/redirect-ceilings.json: per case the ceiling, the figure it was set from and the spread of the runs behind it */
export interface Ceilings {
  ratios: Record<GuardCase, { ceiling: number; measured: number; range?: string }>;
}

export function roundRatios(round: RoundCpu): Record<GuardCase, number> {
  return {
    api: round.api / round.bare,
    worker: round.worker / round.bare,
    production: (round.api + round.worker) / round.bare,
    embedded: round.embedded / round.bare,
  };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** each case's median over the rounds of its ratio to the bare run of its own round (the drift of a shared machine between rounds cancels out) */
export function medianRatios(rounds: RoundCpu[]): Record<GuardCase, number> {
  if (!rounds.length) throw new Error('no rounds measured');
  const each = rounds.map(roundRatios);
  return Object.fromEntries((Object.keys(GUARD_CASES) as GuardCase[]).map((c) => [c, median(each.map((r) => r[c]))])) as Record<GuardCase, number>;
}

export interface Verdict {
  case: GuardCase;
  ratio: number;
  ceiling: number;
  /** false when the ratio is above its ceiling, is not a number, or the case has no ceiling */
  ok: boolean;
}

/** every case against its committed ceiling; a case without one fails (a ceiling is not dropped by leaving it out) */
export function compareWithCeilings(ratios: Record<GuardCase, number>, ceilings: Ceilings): Verdict[] {
  return (Object.keys(GUARD_CASES) as GuardCase[]).map((c) => {
    const ceiling = ceilings.ratios?.[c]?.ceiling ?? Number.NaN;
    const ratio = ratios[c];
    return { case: c, ratio, ceiling, ok: Number.isFinite(ratio) && Number.isFinite(ceiling) && ratio <= ceiling };
  });
}
