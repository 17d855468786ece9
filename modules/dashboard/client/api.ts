/** A failed API call: the HTTP status and the API's own `{error}` message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

let csrfToken: string | undefined;

/** The session's CSRF token, sent on every write (set when the session loads or signs in). */
export function setCsrfToken(token: string | undefined) {
  csrfToken = token;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a 401 does: the session provider forgets the session, and the routes lead to sign-in. */
let onSignedOut = () => location.assign('/app/sign-in');
export function whenSignedOut(handler: () => void) {
  onSignedOut = handler;
}

/**
 * The REST API as this client calls it: the session cookie authenticates, writes carry the CSRF
 * token, and failures throw ApiFailure with the API's message. A 401 sends the person to sign in.
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (WRITES.has(method) && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiFailure(0, 'The server could not be reached. Check your connection and try again.');
  }
  const text = await response.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok) return parsed as T;
  const message = typeof parsed?.error === 'string' ? parsed.error : `Request failed (${response.status})`;
  // the session's own calls answer 401 to their caller (the session provider, the sign-in page); /sessions is a page's list
  if (response.status === 401 && !/^\/session(\/|$)/.test(path)) onSignedOut();
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  throw new ApiFailure(response.status, message, retryAfter);
}

/**
 * The field an API message is about: "Invalid url: …" → "url", "Invalid query parameter limit: …"
 * → "limit", "title is required" → "title"; undefined when the message names no field.
 */
export function fieldOfError(message: string): string | undefined {
  const invalid = /^Invalid (?:query parameter )?([A-Za-z_][\w.]*)\s*:/.exec(message);
  if (invalid && invalid[1] !== 'request') return invalid[1];
  const required = /^(?:query parameter )?([A-Za-z_][\w.]*) is required$/.exec(message);
  return required?.[1];
}
