import { close, closeSync, fsync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlink, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive, readOr, thisProcess, type Holder } from '../../core/process-holder';
import { joinParts, type ClickBatchPart } from './batch';
import type { ClickBatch } from './batch';

/** The owners (spool writers) of this process: a holder with our pid that is not among them is a previous run's. */
const ownedHere = new Set<string>();

const noop = () => {};
const HEADER = 8;

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
 */
export class ClickSpool {
  private readonly owner = `${process.pid}-${Bun.randomUUIDv7().slice(-12)}`;
  private readonly writing = new Map<string, number>();
  private dirFd: number | undefined;

  constructor(readonly dir: string) {}

  private path(batchId: string, owner = this.owner) {
    return join(this.dir, `${owner}.${batchId}.clicks`);
  }

  private ownerFile(owner: string) {
    return join(this.dir, `${owner}.owner`);
  }

  /** Makes the directory and this process's owner file (throws when the disk refuses). */
  open(): void {
    mkdirSync(this.dir, { recursive: true });
    // written whole or not at all: a claimer never reads a half-written owner as gone
    writeFileSync(`${this.ownerFile(this.owner)}.new`, JSON.stringify(thisProcess()));
    renameSync(`${this.ownerFile(this.owner)}.new`, this.ownerFile(this.owner));
    ownedHere.add(this.owner);
    this.dirFd = openSync(this.dir, 'r');
  }

  /** Appends a part of batch `batchId` (one write; throws when the disk refuses it whole). */
  append(batchId: string, part: ClickBatchPart): void {
    let fd = this.writing.get(batchId);
    if (fd === undefined) this.writing.set(batchId, (fd = openSync(this.path(batchId), 'wx')));
    const record = encode(part);
    if (writeSync(fd, record) < record.length) throw new Error(`click spool: short write to ${this.path(batchId)} (disk full?)`);
  }

  /** The batch is complete: flushed to the disk in the background (a power cut may lose the last ones unflushed). */
  seal(batchId: string): void {
    const fd = this.writing.get(batchId);
    if (fd === undefined) return;
    this.writing.delete(batchId);
    fsync(fd, () => close(fd, noop));
    if (this.dirFd !== undefined) fsync(this.dirFd, noop);
  }

  /** The batch is safe elsewhere. */
  remove(batchId: string): void {
    this.seal(batchId);
    unlink(this.path(batchId), noop);
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
    this.dirFd = undefined;
  }
}
