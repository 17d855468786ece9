import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE_URL } from '../helpers/app';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

/**
 * A hostile CSV against a real server process (`bun app/main.ts`, embedded database in both test
 * modes: the bounds do not depend on it): refused before papaparse builds its rows, while the
 * server goes on answering, its memory read from /proc.
 */
const SITE_HOST = new URL(SITE_URL).host;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'linkhop-csv-bounds-'));
  server = await startServerProcess({ DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Asks /healthz one after the other until `done` settles: the slowest answer, in ms, and how many were asked. */
async function healthWhile(done: Promise<unknown>) {
  let settled = false;
  void done.finally(() => {
    settled = true;
  });
  let slowest = 0;
  let asked = 0;
  while (!settled) {
    const started = performance.now();
    const res = await fetch(`${server.url}/healthz`, { headers: { host: SITE_HOST }, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
    asked++;
  }
  return { slowest, asked };
}

test('a 4,000,000-column header (8 MB, a dry run from a Free workspace) is a 400 naming the bound; /healthz stays fast and memory flat meanwhile', async () => {
  const { workspaceId, key } = await server.bootstrap('free');
  const body = JSON.stringify({ csv: `url${',c'.repeat(4_000_000 - 1)}\nhttps://example.com/a` });
  expect(body.length).toBeGreaterThan(8_000_000);
  const importOnce = async () => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/workspaces/${workspaceId}/import/links?dry_run=true`, {
      method: 'POST',
      headers: { host: SITE_HOST, 'x-api-key': key, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(50_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, ms: performance.now() - started };
  };
  await importOnce(); // the route and the scan warmed up: what follows is the steady state
  const before = server.rssMb();
  const idle = await healthWhile(Bun.sleep(1000)); // the machine's own noise, for the figure below

  const answer = importOnce();
  const health = await healthWhile(answer);
  const { status, body: refusal, ms } = await answer;
  const growth = server.rssMb() - before;
  console.log(
    `4,000,000-column header refused in ${ms.toFixed(0)} ms; slowest /healthz meanwhile ${health.slowest.toFixed(1)} ms (${health.asked} asked; ${idle.slowest.toFixed(1)} ms over 1 s idle before); RSS ${before.toFixed(0)} MB before, growth ${growth.toFixed(1)} MB`,
  );
  expect(status).toBe(400);
  expect(refusal).toEqual({ error: 'CSV has too many columns: line 1 has more than 64; at most 64', field: 'csv', code: 'too_large' });
  // before the bounds: 23 s, /healthz 23.2 s, +1,400 MB. The bounds are generous for a loaded machine
  expect(ms).toBeLessThan(5_000);
  expect(health.slowest).toBeLessThan(1_000);
  expect(growth).toBeLessThan(100);
}, 60_000);

test('eight at once, and 8 MB of valid rows at the bounds, keep /healthz answering', async () => {
  const { workspaceId, key } = await server.bootstrap('pro');
  const send = (csv: string) =>
    fetch(`${server.url}/api/workspaces/${workspaceId}/import/links?dry_run=true`, {
      method: 'POST',
      headers: { host: SITE_HOST, 'x-api-key': key, 'content-type': 'text/csv' },
      body: csv,
      signal: AbortSignal.timeout(50_000),
    }).then((res) => res.status);
  const before = server.rssMb();
  const hostile = Promise.all(Array.from({ length: 8 }, () => send(`url${',c'.repeat(4_000_000 - 1)}\n`)));
  const health = await healthWhile(hostile);
  expect(await hostile).toEqual(Array(8).fill(400));
  const growth = server.rssMb() - before;

  // the largest file the bounds let through: 500 rows of 64 columns, 8 MB, parsed a slice at a time
  const header = ['url', ...Array.from({ length: 63 }, (_, i) => `c${i}`)].join(',');
  const row = (i: number) => [`https://example.com/${i}`, ...Array(63).fill('x'.repeat(250))].join(',');
  const valid = `${header}\n${Array.from({ length: 500 }, (_, i) => row(i)).join('\n')}`;
  const parsed = send(valid);
  const whileParsing = await healthWhile(parsed);
  expect(await parsed).toBe(200);
  console.log(
    `eight 4,000,000-column headers at once: slowest /healthz ${health.slowest.toFixed(1)} ms, RSS growth ${growth.toFixed(1)} MB; an 8 MB file of 500 × 64 fields: slowest /healthz ${whileParsing.slowest.toFixed(1)} ms`,
  );
  expect(health.slowest).toBeLessThan(1_000);
  expect(whileParsing.slowest).toBeLessThan(1_000);
  expect(growth).toBeLessThan(200);
}, 60_000);
