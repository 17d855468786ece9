import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A test certificate authority and a server certificate for localhost / 127.0.0.1, made with openssl. */
export interface TestCerts {
  dir: string;
  caFile: string;
  cert: string;
  key: string;
  remove(): void;
}

export function makeTestCerts(): TestCerts {
  const dir = mkdtempSync(join(tmpdir(), 'lh-tls-'));
  const run = (...args: string[]) => {
    const out = Bun.spawnSync(['openssl', ...args], { cwd: dir, stderr: 'pipe' });
    if (out.exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${out.stderr.toString()}`);
  };
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Linkhop test CA');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'ext.cnf');
  return {
    dir,
    caFile: join(dir, 'ca.pem'),
    cert: readFileSync(join(dir, 'server.pem'), 'utf8'),
    key: readFileSync(join(dir, 'server.key'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Received {
  method: string;
  path: string;
  /** the query string, `?` included ('' without one) */
  search: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A real HTTPS server on 127.0.0.1 that records every request. Paths: `/status/<code>` answers
 * that code, `/redirect` answers 302 to `/status/200`, `/no-head` refuses HEAD with 405, `/endless` streams a body that never ends, `/slow` never answers within 10 s,
 * anything else 200. `statusOf` overrides the answer (tests flip it).
 */
export interface HttpsReceiver {
  origin: string;
  port: number;
  received: Received[];
  statusOf: Map<string, number>;
  /** concurrent requests to `/delay/<ms>` paths (answered after that many ms) */
  stats: { inFlight: number; maxInFlight: number };
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): void;
}

export function startHttpsReceiver(certs: Pick<TestCerts, 'cert' | 'key'>): HttpsReceiver {
  const received: Received[] = [];
  const statusOf = new Map<string, number>();
  const stats = { inFlight: 0, maxInFlight: 0 };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert: certs.cert, key: certs.key },
    idleTimeout: 30,
    async fetch(req) {
      const url = new URL(req.url);
      const headers: Record<string, string> = {};
      req.headers.forEach((value, name) => {
        headers[name] = value;
      });
      received.push({ method: req.method, path: url.pathname, search: url.search, headers, body: await req.text() });
      const forced = statusOf.get(url.pathname);
      if (forced) return new Response(null, { status: forced });
      if (url.pathname === '/no-head' && req.method === 'HEAD') return new Response(null, { status: 405 });
      if (url.pathname === '/redirect') return new Response(null, { status: 302, headers: { location: '/status/200' } });
      if (url.pathname === '/endless') {
        // a 200 whose body never ends: a client that buffered bodies would hang or run out of memory
        const chunk = new Uint8Array(64 * 1024);
        return new Response(new ReadableStream({ pull: (controller) => controller.enqueue(chunk) }), { status: 200 });
      }
      const delay = url.pathname.match(/^\/delay\/(\d+)/);
      if (delay) {
        stats.inFlight++;
        stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
        await Bun.sleep(Number(delay[1]));
        stats.inFlight--;
        return new Response('ok');
      }
      if (url.pathname === '/slow') {
        await Bun.sleep(10_000);
        return new Response('late');
      }
      const code = url.pathname.match(/^\/status\/(\d{3})$/);
      return new Response('ok', { status: code ? Number(code[1]) : 200 });
    },
  });
  return {
    origin: `https://127.0.0.1:${server.port}`,
    port: server.port!,
    received,
    statusOf,
    stats,
    async waitFor(count, timeoutMs = 8000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < until) await Bun.sleep(20);
      return received;
    },
    close: () => server.stop(true),
  };
}
