import { readdirSync } from 'node:fs';

/** CPU time (ms) in a `/proc/<pid>/stat` or `/proc/<pid>/task/<tid>/stat` line: utime + stime, 100 ticks a second. */
export function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

/** CPU time (ms) a process has used so far; 0 once it is gone. */
export async function cpuMs(pid: number): Promise<number> {
  return statCpuMs(
    await Bun.file(`/proc/${pid}/stat`)
      .text()
      .catch(() => ''),
  );
}

const commOf = async (pid: number) =>
  (
    await Bun.file(`/proc/${pid}/comm`)
      .text()
      .catch(() => '')
  ).trim();

/**
 * CPU time (ms) used so far by every process of the box, in groups: the processes named in `own`
 * (by pid), then PostgreSQL, Redis and wrk by name, the rest as "other". Two readings around a
 * window say what each part of the box cost during it (the whole-box figure beside the ratio).
 */
export async function cpuByGroup(own: Record<string, number>): Promise<Map<string, number>> {
  const byPid = new Map(Object.entries(own).map(([name, pid]) => [pid, name]));
  const groups = new Map<string, number>();
  const names: Record<string, string> = { postgres: 'PostgreSQL', 'redis-server': 'Redis', wrk: 'wrk' };
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    const group = byPid.get(pid) ?? names[await commOf(pid)] ?? 'other';
    groups.set(group, (groups.get(group) ?? 0) + (await cpuMs(pid)));
  }
  return groups;
}

/** What each group used between two readings, in cores (CPU seconds per second of the window). */
export const coresBetween = (before: Map<string, number>, after: Map<string, number>, ms: number): string => usedBetween(before, after, ms, 2);

/**
 * What each name used between two readings (CPU ms), divided by `per`, largest first, with `digits`
 * decimals (those that round to nothing left out).
 */
export function usedBetween(before: Map<string, number>, after: Map<string, number>, per: number, digits: number): string {
  return [...after]
    .map(([name, used]) => [name, (used - (before.get(name) ?? 0)) / per] as const)
    .filter(([, share]) => share >= 10 ** -digits)
    .sort((a, b) => b[1] - a[1])
    .map(([name, share]) => `${name} ${share.toFixed(digits)}`)
    .join(', ');
}
