import { readdirSync } from 'node:fs';

/** CPU time (ms) a process has used so far (utime + stime; 100 ticks a second); 0 once it is gone. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await Bun.file(`/proc/${pid}/stat`)
    .text()
    .catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
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
export function coresBetween(before: Map<string, number>, after: Map<string, number>, ms: number): string {
  return [...after]
    .map(([group, used]) => [group, (used - (before.get(group) ?? 0)) / ms] as const)
    .filter(([, cores]) => cores >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([group, cores]) => `${group} ${cores.toFixed(2)}`)
    .join(', ');
}
