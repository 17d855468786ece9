import type { Server } from 'bun';

const MB = 1024 * 1024;

/**
 * What a request body may weigh, checked before anything reads it (authentication included):
 * 1 MB, ample for any JSON body of the API (a bulk create of 100 links is a few hundred kB),
 * except on routes that take a file, whose bound the module owning them declares.
 */
export const DEFAULT_BODY_BYTES = 1 * MB;

const tooLarge = (maxBytes: number) =>
  new Response(JSON.stringify({ error: `Request body too large: at most ${maxBytes / MB} MB (${maxBytes} bytes) on this route`, code: 'too_large' }), {
    status: 413,
    headers: { 'content-type': 'application/json' },
  });

/** Bounded copies of chunked requests → the requests Bun received (it knows the peer address of those only). */
const originals = new WeakMap<Request, Request>();

async function readBounded(request: Request, body: ReadableStream<Uint8Array<ArrayBuffer>>, maxBytes: number): Promise<Request | Response> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return tooLarge(maxBytes);
      }
      chunks.push(chunk.value);
    }
  } catch {
    return new Response(JSON.stringify({ error: 'Request body could not be read (the client stopped sending it)', code: 'invalid' }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  }
  const copy = new Request(request, { body: new Blob(chunks) });
  originals.set(copy, request);
  return copy;
}

/**
 * The request with its body bounded to `maxBytes`: a declared Content-Length over the bound is a
 * 413 before a byte is read; a body without one (chunked) is counted as it streams and cut off with
 * 413 at the bound, else handed on as a copy holding the bytes read (ask `peerAware` for its address).
 */
export function boundBody(request: Request, maxBytes: number): Request | Response | Promise<Request | Response> {
  const declared = request.headers.get('content-length');
  if (declared !== null) return Number(declared) > maxBytes ? tooLarge(maxBytes) : request;
  return request.body ? readBounded(request, request.body, maxBytes) : request;
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
