import type { Server } from 'bun';

const KB = 1024;
const MB = 1024 * KB;

/**
 * What a request body may weigh, checked before anything reads it (authentication included):
 * 1 MB, ample for any JSON body of the API (a bulk create of 100 links is a few hundred kB),
 * except on routes that take a file, whose bound the module owning them declares.
 */
export const DEFAULT_BODY_BYTES = 1 * MB;

/**
 * A body up to this size is handed on as it came; a larger one (or one of unknown length) is read
 * only once its caller is known where the route has a credential, and by `boundBody` itself, within
 * BODY_READ_MS. Routes without a credential (signing in, first-run setup, invites) take no more.
 */
export const SMALL_BODY_BYTES = 64 * KB;

/** How long reading a body may take in all: 8 MB at 1 Mbit/s, and room to spare. */
export const BODY_READ_MS = 120_000;

const sizeOf = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} kB`);

const refusal = (status: number, error: string, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error, code }), { status, headers: { 'content-type': 'application/json', ...headers } });

const tooLarge = (maxBytes: number) => refusal(413, `Request body too large: at most ${sizeOf(maxBytes)} (${maxBytes} bytes) on this route`, 'too_large');

/**
 * The request body bytes the server holds at once, across all requests (BODY_BYTES_IN_FLIGHT_MAX):
 * per-route bounds alone let a thousand concurrent uploads, each under its bound, take gigabytes.
 */
export class BodyBytes {
  private held = 0;
  constructor(readonly max: number) {}
  /** false, taking nothing, when `bytes` more would pass the bound */
  take(bytes: number): boolean {
    if (this.held + bytes > this.max) return false;
    this.held += bytes;
    return true;
  }
  give(bytes: number) {
    this.held -= bytes;
  }
  get inFlight() {
    return this.held;
  }
}

/** No bound: `boundBody` of a caller that counts nothing. */
const UNCOUNTED = new BodyBytes(Number.POSITIVE_INFINITY);

const busy = (bytes: BodyBytes) =>
  refusal(503, `Too many request bodies at once (${sizeOf(bytes.max)} in flight at most): retry shortly`, 'unavailable', { 'retry-after': '1' });

/** One request's share of a BodyBytes, given back by its owner once the request is answered. */
export interface HeldBytes {
  bytes: number;
}

export interface BodyLimits {
  /** the route's bound */
  maxBytes: number;
  inFlight?: BodyBytes;
  /** what this request took of `inFlight` (added to) */
  held?: HeldBytes;
  /** BODY_READ_MS unless said */
  readMs?: number;
}

/** Bounded copies of read requests → the requests Bun received (it knows the peer address of those only). */
const originals = new WeakMap<Request, Request>();

async function readBounded(request: Request, body: ReadableStream<Uint8Array<ArrayBuffer>>, limits: Required<BodyLimits>): Promise<Request | Response> {
  const { maxBytes, inFlight, held } = limits;
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  // a declared length was taken whole before reading: chunks are counted against it, not taken again
  const declared = held.bytes;
  let size = 0;
  let timer: Timer | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), limits.readMs);
  });
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), deadline]);
      if (chunk === 'late') {
        reader.cancel().catch(() => {});
        return refusal(408, `Request body not received within ${limits.readMs / 1000} s`, 'invalid', { connection: 'close' });
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => {});
        return tooLarge(maxBytes);
      }
      if (size > declared) {
        if (!inFlight.take(size - held.bytes)) {
          reader.cancel().catch(() => {});
          return busy(inFlight);
        }
        held.bytes = size;
      }
      chunks.push(chunk.value);
    }
  } catch {
    return refusal(400, 'Request body could not be read (the client stopped sending it)', 'invalid');
  } finally {
    clearTimeout(timer);
  }
  const copy = new Request(request, { body: new Blob(chunks) });
  originals.set(copy, request);
  return copy;
}

/**
 * The request with its body bounded to `maxBytes`, and counted in `inFlight`: a declared
 * Content-Length over the bound is a 413 before a byte is read, one that would pass `inFlight` a
 * 503 (Retry-After); a body of at most SMALL_BODY_BYTES is handed on as it came. A larger one, or
 * one without a length (chunked), is read here, counted as it streams, cut off with 413 at the
 * bound, 503 past `inFlight`, 408 after `readMs`, else handed on as a copy holding the bytes read
 * (ask `peerAware` for its address). What was taken of `inFlight` is in `held`.
 */
export function boundBody(request: Request, limits: BodyLimits): Request | Response | Promise<Request | Response> {
  const all = { inFlight: UNCOUNTED, held: { bytes: 0 }, readMs: BODY_READ_MS, ...limits };
  const length = request.headers.get('content-length');
  if (length !== null) {
    const declared = Number(length);
    if (declared > all.maxBytes) return tooLarge(all.maxBytes);
    if (!all.inFlight.take(declared)) return busy(all.inFlight);
    all.held.bytes += declared;
    if (declared <= SMALL_BODY_BYTES) return request;
  }
  return request.body ? readBounded(request, request.body, all) : request;
}

/** The server as the app sees it: `requestIP` of a bounded copy answers the address of the request Bun received. */
export function peerAware<S extends Server<unknown>>(server: S): S {
  return new Proxy(server, {
    get(target, key) {
      if (key === 'requestIP') return (request: Request) => target.requestIP(originals.get(request) ?? request);
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
