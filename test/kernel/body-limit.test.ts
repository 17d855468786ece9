import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boundBody, peerAware } from '../../core/body-limit';
import { SITE_URL } from '../helpers/app';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

/**
 * Request bodies are bounded before anything reads them, authentication included: 1 MB on every
 * route, 8 MB on the CSV import. Against a real server process (`bun app/main.ts`, embedded
 * database in both test modes: the bound does not depend on it), whose memory is read from /proc.
 */
const MB = 1024 * 1024;
const SITE_HOST = new URL(SITE_URL).host;
let dataDir: string;
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'linkhop-body-limit-'));
  server = await startServerProcess({ DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A body of unknown length: fetch sends it with `Transfer-Encoding: chunked`. */
const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

/** Resident memory of the server process, in MB. */
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'))![1]) / 1024;

/**
 * A POST of `bytes` zero-ish bytes over a raw socket, as an anonymous client: with a Content-Length
 * or chunked. It keeps sending until the server answers or closes (a well-behaved server answers
 * before reading it all), and gives the status line's code and the body.
 */
function post(path: string, bytes: number, opts: { chunked?: boolean; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) return reject(new Error(`no answer after ${sent} bytes: ${JSON.stringify(answer.slice(0, 200))}`));
      // a chunked answer body: take the JSON out of its frame
      resolve({ status, body: body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) });
    };
    socket.on('data', (data) => {
      answer += data.toString();
      if (answer.includes('\r\n\r\n') && answer.includes('}')) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => finish());
    socket.on('connect', () => {
      const framing = opts.chunked ? 'transfer-encoding: chunked' : `content-length: ${bytes}`;
      const extra = Object.entries(opts.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`POST ${path} HTTP/1.1\r\nhost: ${SITE_HOST}\r\ncontent-type: application/json\r\n${framing}\r\n${extra.join('')}\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (!done && sent < bytes) {
          const size = Math.min(chunk.length, bytes - sent);
          const piece = opts.chunked
            ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), chunk.subarray(0, size), Buffer.from('\r\n')])
            : chunk.subarray(0, size);
          sent += size;
          if (!socket.write(piece)) return void socket.once('drain', pump);
        }
        if (!done && opts.chunked) socket.write('0\r\n\r\n');
      };
      pump();
    });
  });
}

test('an anonymous 100 MB body is refused with 413 before it is read, and the server memory stays flat', async () => {
  for (let i = 0; i < 3; i++) await post('/api/workspaces/x/links', 100); // warm the routes (401)
  const before = rssMb();

  const one = await post('/api/workspaces/x/links', 100 * MB);
  expect(one.status).toBe(413);
  expect(JSON.parse(one.body)).toEqual({ error: 'Request body too large: at most 1 MB (1048576 bytes) on this route', code: 'too_large' });
  // (how much of the upload the client got out before it read the 413 is the kernel's and Bun's
  // business: on a quiet machine Bun drains and discards the rest at loopback speed. What counts is
  // that nothing kept it: the memory below)

  const four = await Promise.all(Array.from({ length: 4 }, () => post('/api/workspaces/x/links', 100 * MB)));
  expect(four.map((r) => r.status)).toEqual([413, 413, 413, 413]);
  // even the import route, which takes more, refuses a 100 MB file
  expect((await post('/api/workspaces/x/import/links', 100 * MB)).status).toBe(413);

  const growth = rssMb() - before;
  console.log(`RSS ${before.toFixed(0)} MB before, growth after six 100 MB uploads: ${growth.toFixed(1)} MB`);
  expect(growth).toBeLessThan(40);
}, 60_000);

test('a chunked body without Content-Length is counted as it streams and cut off at the bound with 413; memory stays flat', async () => {
  const before = rssMb();
  const cut = await Promise.all(Array.from({ length: 4 }, () => post('/api/session/sign-in', 100 * MB, { chunked: true })));
  for (const answer of cut) {
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toBe('Request body too large: at most 1 MB (1048576 bytes) on this route');
  }
  const imported = await post('/api/workspaces/x/import/links', 100 * MB, { chunked: true });
  expect(imported.status).toBe(413);
  const growth = rssMb() - before;
  console.log(`RSS growth after five chunked 100 MB uploads: ${growth.toFixed(1)} MB`);
  expect(growth).toBeLessThan(40);
}, 60_000);

test('bodies under the bound go through: 1 MB on an ordinary route, 8 MB on the import; a chunked body under the bound is read', async () => {
  // over 1 MB: the ordinary route refuses it, the import takes it (and authentication answers)
  expect((await post('/api/workspaces/x/links', 2 * MB)).status).toBe(413);
  expect((await post('/api/workspaces/x/import/links', 2 * MB)).status).toBe(401);
  expect((await post('/api/workspaces/x/import/links', 9 * MB)).status).toBe(413);
  expect((await post('/api/workspaces/x/links', 1000)).status).toBe(401);
  expect((await post('/api/workspaces/x/links', 1000, { chunked: true })).status).toBe(401);

  // a real import with a chunked body, and a link created from one: the copy carries the body whole
  const { workspaceId, key } = await server.bootstrap('pro');
  const csv = JSON.stringify({ csv: `url\n${Array.from({ length: 100 }, (_, i) => `https://example.com/${i}`).join('\n')}` });
  const res = await fetch(`${server.url}/api/workspaces/${workspaceId}/import/links`, {
    method: 'POST',
    headers: { host: SITE_HOST, 'x-api-key': key, 'content-type': 'application/json' },
    body: chunked(csv),
  });
  expect(res.status).toBe(201);
  expect(((await res.json()) as { created: number }).created).toBe(100);
}, 60_000);

test('a bounded copy of a chunked request keeps its peer address (rate limits per IP still see the caller)', async () => {
  const seen = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request, bun) {
      const copy = await boundBody(request, 1000);
      if (copy instanceof Response || copy === request) return new Response('not a copy', { status: 500 });
      return Response.json({ body: await copy.text(), copy: bun.requestIP(copy), peer: peerAware(bun).requestIP(copy)?.address });
    },
  });
  try {
    const res = await fetch(`http://127.0.0.1:${seen.port}/`, { method: 'POST', body: chunked('chunked body') });
    expect(await res.json()).toEqual({ body: 'chunked body', copy: null, peer: expect.stringContaining('127.0.0.1') });
  } finally {
    seen.stop(true);
  }
});
