import createClient, { type ClientPathsWithMethod, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './api-schema';

/**
 * A failed API call: the HTTP status and the API's `{error, field?, code?}` answer. `field` is the request
 * field at fault as the API names it (`slug`, `routing.rules.2.url`, `from`): forms place the message by it.
 */
export class ApiFailure extends Error {
  readonly field?: string;
  readonly code?: string;
  readonly retryAfter?: number;
  constructor(
    readonly status: number,
    message: string,
    more: { field?: string; code?: string; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'ApiFailure';
    Object.assign(this, more);
  }

  /** Whether the refusal is about `field` or a part of it (`events` for `events.2`). */
  isAbout(field: string): boolean {
    return this.field === field || Boolean(this.field?.startsWith(`${field}.`));
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

const client = createClient<paths>({ credentials: 'same-origin', headers: { accept: 'application/json' } });
client.use({
  onRequest({ request }) {
    if (WRITES.has(request.method) && csrfToken) request.headers.set('x-csrf-token', csrfToken);
  },
});

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Route<M extends Method> = ClientPathsWithMethod<typeof client, M>;
/** What a route answers on success, as the served document describes it. */
type Answer<Operation> =
  Operation extends Record<string | number, any>
    ? NonNullable<Extract<FetchResponse<Operation, object, 'application/json'>, { error?: never }>['data']>
    : never;
/** A route's params/query/body (optional when all are), and how to read the answer: JSON, or a Blob (an image). */
type Init<Options, As> = undefined extends Options ? [(NonNullable<Options> & { parseAs?: As })?] : [Options & { parseAs?: As }];
/**
 * One method of the typed API: the path as the document spells it, its params/query/body, its answer. The
 * options are not inferred (only their `parseAs`), so a field the route does not take is an excess-property error.
 */
type Call<M extends Method> = <Path extends Route<M>, As extends 'json' | 'blob' = 'json'>(
  path: Path,
  ...init: Init<MaybeOptionalInit<paths[Path], M>, As>
) => Promise<As extends 'blob' ? Blob : Answer<paths[Path][M]>>;

/** The answer of a route, e.g. `ApiAnswer<'get', '/api/workspaces/{wsId}/links/{linkId}'>` is a link. */
export type ApiAnswer<M extends Method, Path extends Route<M>> = Answer<paths[Path][M]>;
/** The JSON body a route takes. */
export type ApiBody<M extends Method, Path extends Route<M>> = NonNullable<NonNullable<MaybeOptionalInit<paths[Path], M>>['body']>;
/** The query parameters a route takes. */
export type ApiQuery<M extends Method, Path extends Route<M>> = NonNullable<NonNullable<NonNullable<MaybeOptionalInit<paths[Path], M>>['params']>['query']>;

type Untyped = (path: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** A method whose answer is the data on success; failures throw ApiFailure, and a 401 outside /session leads to sign-in. */
function answered<M extends Method>(method: M): Call<M> {
  const send = (client as unknown as Record<string, Untyped>)[method.toUpperCase()]!;
  const call = async (path: string, init?: object) => {
    let result: Awaited<ReturnType<Untyped>>;
    try {
      result = await send(path, init);
    } catch {
      throw new ApiFailure(0, 'The server could not be reached. Check your connection and try again.');
    }
    const { data, error, response } = result;
    if (response.ok) return data;
    const body = (error && typeof error === 'object' ? error : {}) as { error?: unknown; field?: unknown; code?: unknown };
    // the session's own calls answer 401 to their caller (the session provider, the sign-in page); /sessions is a page's list
    if (response.status === 401 && !/^\/api\/session(\/|$)/.test(path)) onSignedOut();
    throw new ApiFailure(response.status, typeof body.error === 'string' ? body.error : `Request failed (${response.status})`, {
      field: typeof body.field === 'string' ? body.field : undefined,
      code: typeof body.code === 'string' ? body.code : undefined,
      retryAfter: Number(response.headers.get('retry-after')) || undefined,
    });
  };
  return call as Call<M>;
}

/**
 * The REST API as this client calls it, typed from the served OpenAPI document (api-schema.ts, `npm run api:types`):
 * `api.get('/api/workspaces/{wsId}/links', { params: { path: { wsId }, query: { limit: 5 } } })`. The session cookie
 * authenticates and writes carry the CSRF token.
 */
export const api = { get: answered('get'), post: answered('post'), put: answered('put'), patch: answered('patch'), delete: answered('delete') };
