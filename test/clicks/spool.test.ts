import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Writable } from 'node:stream';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../core/config';
import { createMemoryQueue } from '../../core/queue';
import { ClickBatchBuilder, clicksOf, compactBatch } from '../../modules/clicks/batch';
import type { ClickBatch } from '../../modules/clicks/batch';
import { registerJobs } from '../../modules/clicks/jobs';
import { ClickRecorder, flushClicks } from '../../modules/clicks/recorder';
import { ClickSpool } from '../../modules/clicks/spool';
import { startTestApp, TEST_SPOOL_RESERVE, type TestApp } from '../helpers/app';
import { clickOf as clickOfLink, storedClicks } from '../helpers/clicks';
import { waitFor } from '../helpers/processes';
import { BROWSER_UA, createLink, type Ws } from '../links/fixtures';

/** The click spool's replay, backpressure and a refusing disk, with real files, real queues and the real database. */
let t: TestApp;
let ws: Ws;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lh-spool-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const clickOf = (link: { id: string; domain: string; slug: string }) =>
  clickOfLink({ ...link, workspace_id: ws.workspaceId }, { country: 'FR', browser: 'Firefox', os: 'Linux', device: 'desktop', language: 'fr', visitor: 42 });

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

/** A recorder of a process of its own on `dataDir`: its own in-process queue storing into this test's database (replays go through a fresh queue, as after a restart). */
function processOn(dataDir: string, log = t.deps.log) {
  const queue = createMemoryQueue(log);
  registerJobs({ ...t.deps, queue, log });
  const recorder = new ClickRecorder({ queue, log, config: loadConfig({ DATA_DIR: dataDir, ...TEST_SPOOL_RESERVE }) });
  recorder.start();
  return { queue, recorder };
}

const spoolFiles = (dataDir: string) => readdirSync(join(dataDir, 'spool')).filter((name) => name.endsWith('.clicks'));

test('replayed twice (a crash after storing a replayed batch, before its file was removed): stored once; a torn last record is ignored', async () => {
  const link = await createLink(t, ws, { target: 'https://example.com/replay' });
  const dataDir = tempDir();
  // a process that stopped with 8 clicks of a batch in the spool, written in two event-loop turns
  const left = new ClickSpool(join(dataDir, 'spool'));
  left.open();
  const batch = new ClickBatchBuilder();
  for (let i = 0; i < 5; i++) batch.add(clickOf(link));
  left.append(batch.id, batch.takeNew()!);
  for (let i = 0; i < 3; i++) batch.add(clickOf(link));
  left.append(batch.id, batch.takeNew()!);
  left.close();
  const [file] = spoolFiles(dataDir);
  const written = readFileSync(join(dataDir, 'spool', file!));

  const first = processOn(dataDir);
  await first.recorder.flush();
  await first.queue.idle();
  expect(await storedClicks(t.deps.db, [link.id])).toEqual({ rows: 8, counted: 8 });
  await waitFor(() => spoolFiles(dataDir).length === 0, 5000, 'the replayed file to be removed');
  await first.recorder.close();

  // the state a crash right after the commit leaves: the file still there, its last write torn
  writeFileSync(join(dataDir, 'spool', file!), written);
  appendFileSync(join(dataDir, 'spool', file!), written.subarray(0, 12));
  const { log, lines } = capturingLogger();
  const second = processOn(dataDir, log);
  await second.recorder.flush();
  await second.queue.idle();
  expect(await storedClicks(t.deps.db, [link.id])).toEqual({ rows: 8, counted: 8 });
  expect(lines.some((l) => l.msg.includes('replaying 8 clicks'))).toBe(true);
  expect(lines.some((l) => l.msg.includes('torn record') && l.ignoredBytes === 12)).toBe(true);
  await waitFor(() => spoolFiles(dataDir).length === 0, 5000, 'the replayed file to be removed');
  await second.recorder.close();
});

test('processes sharing DATA_DIR: a running process keeps its files; those of a process that is gone are claimed once', () => {
  const dir = join(tempDir(), 'spool');
  const running = new ClickSpool(dir);
  running.open();
  const gone = new ClickSpool(dir);
  gone.open();
  const writeBatch = (spool: ClickSpool) => {
    const batch = new ClickBatchBuilder();
    batch.add(clickOf({ id: crypto.randomUUID(), domain: 'd', slug: 's' }));
    spool.append(batch.id, batch.takeNew()!);
    return batch.id;
  };
  const kept = writeBatch(running);
  const left = writeBatch(gone);
  // a process that died (kill -9) leaves its owner file naming a pid that no longer runs
  const goneOwner = readdirSync(dir)
    .find((name) => name.endsWith(`.${left}.clicks`))!
    .split('.')[0];
  writeFileSync(join(dir, `${goneOwner}.owner`), JSON.stringify({ pid: 2 ** 22 + 1, command: 'bun app/main.ts', since: '2026-01-01T00:00:00.000Z' }));

  const claimer = new ClickSpool(dir);
  claimer.open();
  expect(claimer.claimOrphans()).toEqual([left]);
  expect(claimer.read(left)?.batch.at).toHaveLength(1);
  expect(new ClickSpool(dir).claimOrphans()).toEqual([]);
  expect(readdirSync(dir).some((name) => name.endsWith(`${kept}.clicks`))).toBe(true);
  for (const spool of [running, gone, claimer]) spool.close();
});

test('backpressure: beyond the in-memory bound, batches wait in the spool on disk (logged), and every click is handed over once when storing catches up', async () => {
  const dataDir = tempDir();
  const { log, lines } = capturingLogger();
  const queue = createMemoryQueue(log);
  let open!: () => void;
  const stalled = new Promise<void>((resolve) => (open = resolve));
  const handed: ClickBatch[] = [];
  let held = 0;
  let mostHeld = 0;
  // storing has stalled (a slow disk, a long PostgreSQL lock) until `open()`
  queue.register('clicks.record', async (job) => {
    const batch = compactBatch(job);
    held += batch.at.length;
    mostHeld = Math.max(mostHeld, held);
    await stalled;
    held -= batch.at.length;
    handed.push(batch);
  });
  const recorder = new ClickRecorder({ queue, log, config: loadConfig({ DATA_DIR: dataDir, ...TEST_SPOOL_RESERVE }) });
  recorder.start();
  const click = clickOf({ id: crypto.randomUUID(), domain: 'd', slug: 's' });
  const CLICKS = 30 * recorder.batchMax;
  let written: Promise<void> | undefined;
  for (let i = 0; i < CLICKS; i++) written = recorder.record(click);
  await written;
  await Bun.sleep(100);
  expect(mostHeld).toBeLessThanOrEqual(20 * recorder.batchMax);
  expect(spoolFiles(dataDir)).toHaveLength(30);
  expect(lines.some((l) => l.level === 40 && l.msg.includes('wait in the click spool until storing catches up'))).toBe(true);

  open();
  await waitFor(() => handed.reduce((n, b) => n + b.at.length, 0) >= CLICKS, 10_000, 'every click handed over');
  await queue.idle();
  expect(new Set(handed.flatMap((b) => clicksOf(b).map((c) => c.id))).size).toBe(CLICKS);
  expect(handed.reduce((n, b) => n + b.at.length, 0)).toBe(CLICKS);
  await waitFor(() => spoolFiles(dataDir).length === 0, 5000, 'the spool to empty');
  expect(lines.some((l) => l.msg.includes('click backlog caught up'))).toBe(true);
  await recorder.close();
});

test('a spool that stops taking writes (here its directory became a file): visits are still answered and stored, the error is logged', async () => {
  const dataDir = tempDir();
  const app = await startTestApp({ env: { DATA_DIR: dataDir } });
  try {
    if (app.deps.queue.kind === 'bullmq') await app.deps.queue.startWorkers();
    const owner = await app.bootstrap({ plan: 'pro' });
    const link = await createLink(app, owner, { target: 'https://example.com/no-spool' });
    rmSync(join(dataDir, 'spool'), { recursive: true });
    writeFileSync(join(dataDir, 'spool'), 'not a directory');
    const { log, lines } = capturingLogger();
    app.deps.log = log;
    for (let i = 0; i < 3; i++) expect((await app.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(302);
    await flushClicks(app.deps);
    await waitFor(async () => (await storedClicks(app.deps.db, [link.id])).rows === 3, 10_000, '3 clicks stored');
    expect(lines.some((l) => l.level === 50 && l.msg.includes('click spool not writable'))).toBe(true);
  } finally {
    await app.close();
  }
});

test("the spool's files are its owner's only (0600), its directory too (0700), one made by an earlier version included", () => {
  const dir = join(tempDir(), 'spool');
  mkdirSync(dir, { mode: 0o755 });
  const spool = new ClickSpool(dir, 64 * 1024);
  spool.open();
  const batch = new ClickBatchBuilder();
  batch.add(clickOf({ id: crypto.randomUUID(), domain: 'd', slug: 's' }));
  spool.append(batch.id, batch.takeNew()!);
  const modes: Record<string, number> = Object.fromEntries(
    readdirSync(dir).map((name) => [
      name.replace(/^[^.]+\.[^.]+\.clicks$/, 'batch').replace(/^[^.]+\.owner$/, 'owner'),
      statSync(join(dir, name)).mode & 0o777,
    ]),
  );
  modes.dir = statSync(dir).mode & 0o777;
  expect(modes).toEqual({ dir: 0o700, batch: 0o600, owner: 0o600, reserve: 0o600 });
  expect(spool.reserved()).toBe(64 * 1024);
  spool.close();
});
