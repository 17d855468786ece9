import { chmodSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { writeBackup } from './backup';
import type { Deps } from '../core/deps';

/**
 * The embedded server's control socket, `DATA_DIR/linkhop.sock`: the embedded database admits one
 * process, so `cli backup` asks the server holding it for the backup over this socket. It answers
 * only its owner (0600, as the database files themselves), speaks HTTP, and serves one request,
 * `POST /backup`, a gzip'd backup streamed as it is read.
 */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'linkhop.sock');

/** Serves the control socket, or says why it cannot (e.g. a DATA_DIR path too long for a socket): the server runs on without it. */
export function serveControlSocket(deps: Deps): { stop(): void } | undefined {
  const path = controlSocketPath(deps.config.dataDir);
  let server: ReturnType<typeof Bun.serve>;
  try {
    // a socket file left by a killed server: this process holds DATA_DIR's lock now
    rmSync(path, { force: true });
    server = Bun.serve({ unix: path, fetch: (request) => answer(deps, request) });
    chmodSync(path, 0o600);
  } catch (err) {
    deps.log.warn({ err, path }, 'no control socket: `cli backup` cannot reach this server (stop it to back up DATA_DIR)');
    return undefined;
  }
  return {
    stop() {
      server.stop(true);
      rmSync(path, { force: true });
    },
  };
}

function answer(deps: Deps, request: Request): Response {
  if (request.method !== 'POST' || new URL(request.url).pathname !== '/backup') return Response.json({ error: 'not found' }, { status: 404 });
  const gzip = createGzip();
  writeBackup(deps.db, gzip).catch((err) => {
    deps.log.error({ err }, 'backup through the control socket failed');
    gzip.destroy(err);
  });
  return new Response(Readable.toWeb(gzip) as unknown as ReadableStream, { headers: { 'content-type': 'application/gzip' } });
}

/**
 * The backup of the server running on `dataDir`, as a stream, or undefined when no server answers
 * on its socket (none runs: the caller opens DATA_DIR itself).
 */
export async function backupFromServer(dataDir: string): Promise<Readable | undefined> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return undefined;
  let response: Response;
  try {
    response = await fetch('http://linkhop/backup', { method: 'POST', unix: path });
  } catch {
    return undefined;
  }
  if (!response.ok || !response.body) throw new Error(`the server on ${dataDir} refused the backup: ${response.status} ${await response.text()}`);
  return Readable.fromWeb(response.body as never);
}
