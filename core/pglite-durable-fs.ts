import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { EmbeddedDurability } from './config';
import { PGLITE_START_PARAMS } from './pglite-cluster';

/**
 * EMBEDDED_DURABILITY: `commit` (the default) flushes the WAL to the disk before a commit is
 * acknowledged, as PostgreSQL does; `relaxed` leaves the flushing to the operating system (PGlite's
 * own default): a process crash loses nothing, a power cut or a kernel crash may lose the last
 * acknowledged writes or corrupt the cluster. docs/operations.md has the cost of each.
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and the file system it mounts a data directory
 * with (Emscripten's NODEFS) drops every flush: `fdatasync` is a no-op and `fsync` reaches a file
 * operation NODEFS does not have. So `commit` turns fsync on, has the WAL flushed with `fsync`
 * (`wal_sync_method=fsync`: the one call that reaches the file system), and gives NODEFS that
 * operation: the real fsync(2) on the host file. Checkpoints, the control file and crash recovery
 * flush through the same call.
 */
export function startParams(durability: EmbeddedDurability): string[] {
  if (durability === 'relaxed') return PGLITE_START_PARAMS;
  return [...PGLITE_START_PARAMS.filter((param) => param !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];
}

interface NodefsStream {
  nfd?: number;
}
interface Nodefs {
  stream_ops: { fsync?: (stream: NodefsStream) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/** NODEFS on `dataDir` whose streams' fsync is the host's fsync(2), errors handed to PostgreSQL as its errno. */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const flush = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as Nodefs;
      nodefs.stream_ops.fsync = (stream) => {
        // a stream NODEFS never opened on the host (none today) has nothing to flush
        if (stream.nfd !== undefined) nodefs.tryFSOperation(() => fsyncSync(stream.nfd!));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), flush] } };
  }
}

/** fsync(2) of `path` (a file or a directory: a directory's flush makes its entries, e.g. a rename, durable). */
export function flushPath(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Every file and directory under `dir` flushed: the empty cluster a first start unpacks is on the
 * disk before it is renamed into place and used (PostgreSQL flushes only what it writes itself).
 */
export function flushTree(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) flushTree(path);
    else flushPath(path);
  }
  flushPath(dir);
}
