import { errorOfAnswer } from '../../../packages/sdk/src/errors';
import { createLinkhop, type ErrorCode, LinkhopError } from '../../../packages/sdk/src/index';

/**
 * The dashboard's client is the SDK's (packages/sdk): the same typed calls, the same failure class (here by
 * its dashboard name). What is the dashboard's own is this adapter: the session cookie authenticates, writes
 * carry the session's CSRF token, and a 401 leads to sign-in.
 */
export { LinkhopError as ApiFailure };
export type { ApiAnswer, ApiBody, ApiQuery, ErrorCode } from '../../../packages/sdk/src/index';

/** The words of a failure, for a person: the API's message, or what was thrown. Code reacts to `code`, never to these words. */
export const failureMessage = (failure: unknown): string => (failure instanceof Error ? failure.message : String(failure));

/** Whether `failure` is an API answer with one of `codes` (`hasCode(error, 'not_found')`). */
export const hasCode = (failure: unknown, ...codes: ErrorCode[]): failure is LinkhopError => failure instanceof LinkhopError && codes.includes(failure.code);

/** The workspace's plan refused: the feature is not on it (`plan_required`), or its allowance is used up (`limit_reached`). */
export const isPlanRefusal = (failure: unknown): failure is LinkhopError => hasCode(failure, 'plan_required', 'limit_reached');

/** The API refused what was typed: a value malformed, missing or too long, or taken (a name, a slug, an address) or in conflict. */
export const isInputRefusal = (failure: unknown): failure is LinkhopError => hasCode(failure, 'invalid', 'required', 'too_long', 'taken', 'conflict');

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
 * The REST API as this client calls it, typed from the served OpenAPI document (`npm run api:types`):
 * `api.get('/api/workspaces/{wsId}/links', { params: { path: { wsId }, query: { limit: 5 } } })`. No retries:
 * a page shows a 429's wait to the person (the import counts it down) rather than hanging on it.
 */
export const api = createLinkhop({
  baseUrl: '',
  credentials: 'same-origin',
  retry: false,
  middleware: [
    {
      onRequest({ request }) {
        if (WRITES.has(request.method) && csrfToken) request.headers.set('x-csrf-token', csrfToken);
      },
      onResponse({ response, schemaPath }) {
        // the session's own calls answer 401 to their caller (the session provider, the sign-in page); /sessions is a page's list.
        // The status, not the body's code: the body is not read here, and 401 means exactly "no valid credential".
        if (response.status === 401 && schemaPath !== '/api/session' && !schemaPath.startsWith('/api/session/')) onSignedOut();
      },
    },
  ],
});

/**
 * A file posted as the body (text/plain), its answer read as it comes (the streamed import's JSON lines),
 * which the typed client cannot hand over: the same cookie, CSRF token and sign-in on 401; a refusal (any
 * status but 200) throws the ApiFailure the typed client would.
 */
export async function postForStream(path: string, body: string, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', accept: 'application/x-ndjson, application/json' };
  if (csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers, body, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new LinkhopError(0, 'The server could not be reached', { cause: error });
  }
  if (response.ok && response.body) return response.body;
  if (response.status === 401) onSignedOut();
  throw errorOfAnswer(response, await response.json().catch(() => undefined));
}
