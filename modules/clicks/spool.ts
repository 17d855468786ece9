import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { isAlive, readOr, thisProcess, type Holder } from '../../core/process-holder';
import { joinParts, type ClickBatchPart } from './batch';
import type { ClickBatch } from './batch';

/** The owners (spool writers) of this process: a holder with our pid that is not among them is a previous run's. */
const ownedHere = new Set<string>();

const noop = () => {};

/**
 * The calls of a batch's end (fsync, close, unlink) as promises: Bun runs those on its thread pool,
 * while its callback forms (`fsync(fd, cb)`) make the syscall on the JavaScript thread and only defer
 * the callback — an fsync held the event loop ~1–2.5 ms per batch (measured, Bun 1.4.5), every 500
 * clicks on the embedded default. `fsync` and `close` of a descriptor are Bun's (Node's promises API
 * has them on a FileHandle only).
 */
const offThread = fsPromises as typeof fsPromises & { fsync(fd: number): Promise<void>; close(fd: number): Promise<void> };
const HEADER = 8;
/** the spool's files hold visitors' profiles: its owner's only */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const RESERVE_FILE = 'reserve';
/** the reserve is written (and topped up) this much at a time */
const ZEROS = Buffer.alloc(1 << 20);
/**
 * Given back to the file system per refused write, and the write tried again: a turn's record or two
 * (~150 bytes a click of a new visitor), so that little of what is freed is left for others to take
 * (the embedded database writes from its own thread).
 */
const RELEASE_STEP = 16 * 1024;

/** The disk (or the user's quota) is full: the writes the reserve can make room for. */
const isFull = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

/** A record: its payload's length and CRC-32 (little-endian u32 each), then the part as JSON. */
function encode(part: ClickBatchPart): Buffer {
  const json = JSON.stringify(part);
  const length = Buffer.byteLength(json);
  const record = Buffer.allocUnsafe(HEADER + length);
  record.write(json, HEADER);
  record.writeUInt32LE(length, 0);
  record.writeUInt32LE(Bun.hash.crc32(record.subarray(HEADER)), 4);
  return record;
}

/** The parts of a spool file, up to its first incomplete or damaged record (a torn last write), and the bytes ignored after them. */
function decode(file: Buffer): { parts: ClickBatchPart[]; ignoredBytes: number } {
  const parts: ClickBatchPart[] = [];
  let at = 0;
  while (at + HEADER <= file.length) {
    const length = file.readUInt32LE(at);
    const payload = file.subarray(at + HEADER, at + HEADER + length);
    if (payload.length < length || Bun.hash.crc32(payload) !== file.readUInt32LE(at + 4)) break;
    parts.push(JSON.parse(payload.toString('utf8')));
    at += HEADER + length;
  }
  return { parts, ignoredBytes: file.length - at };
}

/**
 * The click spool: one append-only file per batch, `<owner>.<batch id>.clicks`, in `dir`
 * (DATA_DIR/spool). Its clicks are appended as the batch fills (one write per event-loop turn, before
 * the visits' redirects are answered), fsynced once the batch is complete, and the file is removed
 * once the batch is safe elsewhere (stored, or in Redis). The owner is this process (pid and a start
 * id, described by `<owner>.owner`), so that several processes can share a DATA_DIR; the files of a
 * process that is gone are claimed by renaming them into the claimer's name (one rename wins).
 *
 * Room for it is taken at start: `reserve`, a file of `reserveBytes` written with zeros (real blocks,
 * not a sparse file), shared by the processes of a DATA_DIR. When the disk refuses a spool write
 * (ENOSPC, EDQUOT), the reserve is cut by RELEASE_STEP and the write tried again, until the reserve is
 * spent: the spool keeps its clicks on a full disk. The spool's own files stay the only format replay
 * reads. The reserve is made whole again at start and by `topUpReserve` once the disk has room.
 */
export class ClickSpool {
  private readonly owner = `${process.pid}-${Bun.randomUUIDv7().slice(-12)}`;
  /** the files being appended to: their descriptor and how much of them holds whole records */
  private readonly writing = new Map<string, { fd: number; size: number }>();
  private dirFd: number | undefined;
  private reserveFd: number | undefined;
  /** some of the reserve was given back since the flag was last cleared (the recorder reads its size then) */
  released = false;

  constructor(
    readonly dir: string,
    readonly reserveBytes = 0,
  ) {}

  private path(batchId: string, owner = this.owner) {
    return join(this.dir, `${owner}.${batchId}.clicks`);
  }

  private ownerFile(owner: string) {
    return join(this.dir, `${owner}.owner`);
  }

  /**
   * Makes the directory (0700), this process's owner file and the reserve, as much of it as the disk
   * takes now (throws when the disk refuses the directory or the owner file).
   */
  open(): void {
    mkdirSync(this.dir, { recursive: true, mode: DIR_MODE });
    // a directory made by an earlier version, or under a lax umask
    chmodSync(this.dir, DIR_MODE);
    this.dirFd = openSync(this.dir, 'r');
    // first: a restart on a full disk writes its owner file into the reserve a previous run left
    if (this.reserveBytes) this.reserveFd = openSync(join(this.dir, RESERVE_FILE), constants.O_RDWR | constants.O_CREAT, FILE_MODE);
    // written whole or not at all: a claimer never reads a half-written owner as gone
    this.withRoom(() => writeFileSync(`${this.ownerFile(this.owner)}.new`, JSON.stringify(thisProcess()), { mode: FILE_MODE }));
    renameSync(`${this.ownerFile(this.owner)}.new`, this.ownerFile(this.owner));
    ownedHere.add(this.owner);
    this.topUpReserve();
  }

  /** The reserve's size now (bytes). */
  reserved(): number {
    return this.reserveFd === undefined ? 0 : fstatSync(this.reserveFd).size;
  }

  /**
   * Writes the reserve up to `reserveBytes` with zeros (`atMost` bytes this time), as far as the disk
   * lets it (a full disk stops it, to be tried again later); a reserve larger than asked for is cut
   * down. Answers the size.
   */
  topUpReserve(atMost = Number.POSITIVE_INFINITY): number {
    const fd = this.reserveFd;
    if (fd === undefined) return 0;
    let size = fstatSync(fd).size;
    if (size > this.reserveBytes) ftruncateSync(fd, (size = this.reserveBytes));
    const target = Math.min(this.reserveBytes, size + atMost);
    try {
      while (size < target) size += writeSync(fd, ZEROS, 0, Math.min(ZEROS.length, target - size), size);
    } catch (error) {
      if (!isFull(error)) throw error;
      size = fstatSync(fd).size;
    }
    return size;
  }

  /** Runs `write`; while the disk is full, gives RELEASE_STEP of the reserve back and runs it again. */
  private withRoom<T>(write: () => T): T {
    for (;;) {
      try {
        return write();
      } catch (error) {
        if (!isFull(error) || !this.release()) throw error;
      }
    }
  }

  /** Cuts the reserve by RELEASE_STEP: whether there was any left. */
  private release(): boolean {
    const size = this.reserved();
    if (!size) return false;
    ftruncateSync(this.reserveFd!, Math.max(0, size - RELEASE_STEP));
    this.released = true;
    return true;
  }

  /** Appends a part of batch `batchId` (one write, as many as a full disk needs; throws when even the reserve cannot take it). */
  append(batchId: string, part: ClickBatchPart): void {
    let file = this.writing.get(batchId);
    if (file === undefined) {
      const path = this.path(batchId);
      this.writing.set(batchId, (file = { fd: this.withRoom(() => openSync(path, 'wx', FILE_MODE)), size: 0 }));
    }
    const { fd, size } = file;
    const record = encode(part);
    try {
      // a write cut short by the full disk is continued where it stopped, so that the record is whole
      for (let at = 0; at < record.length; ) {
        const written = this.withRoom(() => writeSync(fd, record, at, record.length - at, size + at));
        if (!written && !this.release()) throw new Error(`click spool: the disk takes no more of ${this.path(batchId)}`);
        at += written;
      }
    } catch (error) {
      // the file keeps its whole records only (cutting it needs no room)
      ftruncateSync(fd, size);
      throw error;
    }
    file.size = size + record.length;
  }

  /** The batch is complete: flushed to the disk in the background (a power cut may lose the last ones unflushed). */
  seal(batchId: string): void {
    const { fd } = this.writing.get(batchId) ?? {};
    if (fd === undefined) return;
    this.writing.delete(batchId);
    offThread
      .fsync(fd)
      .catch(noop)
      .then(() => offThread.close(fd))
      .catch(noop);
    if (this.dirFd !== undefined) offThread.fsync(this.dirFd).catch(noop);
  }

  /** The batch is safe elsewhere. */
  remove(batchId: string): void {
    this.seal(batchId);
    offThread.unlink(this.path(batchId)).catch(noop);
  }

  /** A spooled batch as written (up to a torn last record); undefined when its file is gone. */
  read(batchId: string): { batch: ClickBatch; ignoredBytes: number } | undefined {
    let file: Buffer;
    try {
      file = readFileSync(this.path(batchId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const { parts, ignoredBytes } = decode(file);
    return { batch: joinParts(batchId, parts), ignoredBytes };
  }

  /** Takes over the files of owners that are gone: the ids of the batches claimed. */
  claimOrphans(): string[] {
    const byOwner = new Map<string, string[]>();
    for (const name of readdirSync(this.dir)) {
      const [owner, batchId, kind] = name.split('.');
      if (owner === this.owner || !owner || !(kind === 'clicks' || (batchId === 'owner' && !kind))) continue;
      if (!byOwner.has(owner)) byOwner.set(owner, []);
      if (kind === 'clicks') byOwner.get(owner)!.push(batchId!);
    }
    const claimed: string[] = [];
    for (const [owner, batchIds] of byOwner) {
      let holder: Holder | undefined;
      try {
        holder = JSON.parse(readOr(this.ownerFile(owner), '')!);
      } catch {
        // no owner file: its process removed it on the way out
      }
      if (holder && isAlive(holder, ownedHere.has(owner))) continue;
      for (const batchId of batchIds) {
        try {
          renameSync(this.path(batchId, owner), this.path(batchId));
          claimed.push(batchId);
        } catch (error) {
          // another process claimed it first
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      if (holder) rmSync(this.ownerFile(owner), { force: true });
    }
    return claimed;
  }

  /** This process stops writing: its remaining files become any next process's to claim. */
  close(): void {
    for (const batchId of [...this.writing.keys()]) this.seal(batchId);
    ownedHere.delete(this.owner);
    try {
      rmSync(this.ownerFile(this.owner), { force: true });
    } catch {
      // the disk refuses: once this process is gone, its owner file says so by its pid
    }
    if (this.dirFd !== undefined) closeSync(this.dirFd);
    if (this.reserveFd !== undefined) closeSync(this.reserveFd);
    this.dirFd = this.reserveFd = undefined;
  }
}
