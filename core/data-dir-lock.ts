import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Another live process holds the data directory. */
export class DataDirInUse extends Error {
  constructor(dataDir: string, holder: Holder) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}): the embedded database allows one process at a time. ` +
        'Stop that process first, or use its operator API (/api/admin/*) while it runs.',
    );
    this.name = 'DataDirInUse';
  }
}

interface Holder {
  pid: number;
  command: string;
  since: string;
  /** Linux: the boot and the process start time, so that a reused pid is not taken for the holder */
  boot?: string;
  start?: string;
}

const LOCK_FILE = 'linkhop.lock';
const heldHere = new Set<string>();

const readOr = (path: string, fallback?: string) => {
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

function me(): Holder {
  return { pid: process.pid, command: process.argv.slice(1).join(' '), since: new Date().toISOString(), boot: bootId(), start: startTimeOf(process.pid) };
}

function isAlive(holder: Holder, path: string): boolean {
  // this process's pid in a lock it does not hold: a previous run's (a container restarts with the same pid)
  if (holder.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.boot && holder.boot !== bootId()) return false;
  return !holder.start || holder.start === startTimeOf(holder.pid);
}

/**
 * Takes `DATA_DIR/linkhop.lock` for this process (created exclusively, holding its pid), or throws
 * DataDirInUse naming the live holder. A lock left by a process that is gone is taken over.
 * Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify(me()));
      closeSync(fd);
      heldHere.add(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
    }
    let holder: Holder | undefined;
    try {
      holder = JSON.parse(readOr(path, '')!);
    } catch {
      // written by a process that died between creating and filling it (or being filled right now)
    }
    if (holder && isAlive(holder, path)) throw new DataDirInUse(dataDir, holder);
    if (holder || attempt > 0) rmSync(path, { force: true });
  }
  return () => {
    heldHere.delete(path);
    if (readOr(path)?.startsWith(`{"pid":${process.pid},`)) rmSync(path, { force: true });
  };
}
