import { spawn } from 'bun';

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: string;
}

export const BENCH_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Debian `wrk` with latency percentiles (ms) against `url`. */
export async function wrk(url: string, opts: { seconds: number; connections: number; script?: string }): Promise<WrkResult> {
  const args = ['wrk', '-t2', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', '-H', `User-Agent: ${BENCH_UA}`];
  if (opts.script) args.push('-s', opts.script);
  const proc = spawn([...args, url], { stdout: 'pipe', stderr: 'pipe' });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  const ms = (label: string) => {
    const m = out.match(new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`));
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  const errors = out.match(/Socket errors:.*|Non-2xx or 3xx responses: \d+/g)?.join('; ') ?? '';
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN),
    p50: ms('50'),
    p99: ms('99'),
    requests: Number(out.match(/(\d+) requests in/)?.[1] ?? NaN),
    errors,
  };
}

/** The middle item by `score` (the median round of a benchmark that alternates rounds). */
export function medianBy<T>(items: T[], score: (item: T) => number): T {
  return [...items].sort((x, y) => score(x) - score(y))[Math.floor(items.length / 2)]!;
}

/** Prints wrk's socket-error notes and the missed targets; true when every target is met. */
export function reportTargets(targets: Record<string, boolean>, runs: WrkResult[]): boolean {
  const notes = runs.map((r) => r.errors).filter(Boolean);
  if (notes.length) console.log(`\nwrk notes: ${notes.join(' | ')}`);
  const missed = Object.entries(targets)
    .filter(([, met]) => !met)
    .map(([name]) => name);
  console.log(missed.length ? `\ntargets missed: ${missed.join(', ')}` : '\nall targets met');
  return missed.length === 0;
}
