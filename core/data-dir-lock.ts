import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive, readOr, thisProcess, type Holder } from './process-holder';

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

const LOCK_FILE = 'linkhop.lock';
const heldHere = new Set<string>();

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
      writeSync(fd, JSON.stringify(thisProcess()));
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
    if (holder && isAlive(holder, heldHere.has(path))) throw new DataDirInUse(dataDir, holder);
    if (holder || attempt > 0) rmSync(path, { force: true });
  }
  return () => {
    heldHere.delete(path);
    if (readOr(path)?.startsWith(`{"pid":${process.pid},`)) rmSync(path, { force: true });
  };
}
