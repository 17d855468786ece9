import { readFileSync } from 'node:fs';

/** A process that holds something on disk (DATA_DIR's lock, a click spool file), as written there. */
export interface Holder {
  pid: number;
  command: string;
  since: string;
  /** Linux: the boot and the process start time, so that a reused pid is not taken for the holder */
  boot?: string;
  start?: string;
}

export const readOr = (path: string, fallback?: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
};

/** Field 22 of /proc/<pid>/stat: the process's start time in clock ticks since boot. */
const startTimeOf = (pid: number) =>
  readOr(`/proc/${pid}/stat`)
    ?.replace(/^.*\) /, '')
    .split(' ')[19];
const bootId = () => readOr('/proc/sys/kernel/random/boot_id')?.trim();

/** This process as a holder. */
export function thisProcess(): Holder {
  return { pid: process.pid, command: process.argv.slice(1).join(' '), since: new Date().toISOString(), boot: bootId(), start: startTimeOf(process.pid) };
}

/**
 * Whether `holder` still runs. `heldHere`: whether this process holds the thing; a holder with this
 * process's pid that it does not hold is a previous run's (a container restarts with the same pid).
 */
export function isAlive(holder: Holder, heldHere: boolean): boolean {
  if (holder.pid === process.pid) return heldHere;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.boot && holder.boot !== bootId()) return false;
  return !holder.start || holder.start === startTimeOf(holder.pid);
}
