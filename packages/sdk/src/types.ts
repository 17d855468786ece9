import type { Client, ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './api-schema.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The paths of the API that take method `M`. */
export type Route<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;
/** What a route answers on success, as the served document describes it. */
export type Answer<Operation> =
  Operation extends Record<string | number, any>
    ? NonNullable<Extract<FetchResponse<Operation, object, 'application/json'>, { error?: never }>['data']>
    : never;
/** A route's params/query/body (optional when all are), and how to read the answer: JSON, or a Blob (an image, a CSV). */
export type Init<Options, As> = undefined extends Options ? [(NonNullable<Options> & { parseAs?: As })?] : [Options & { parseAs?: As }];
/**
 * One method of the typed API: the path as the document spells it, its params/query/body, its answer. The
 * options are not inferred (only their `parseAs`), so a field the route does not take is an excess-property error.
 */
export type Call<M extends Method> = <Path extends Route<M>, As extends 'json' | 'blob' = 'json'>(
  path: Path,
  ...init: Init<MaybeOptionalInit<paths[Path], M>, As>
) => Promise<As extends 'blob' ? Blob : Answer<paths[Path][M]>>;

/** The answer of a route, e.g. `ApiAnswer<'get', '/api/workspaces/{wsId}/links/{linkId}'>` is a link. */
export type ApiAnswer<M extends Method, Path extends Route<M>> = Answer<paths[Path][M]>;
/** The JSON body a route takes. */
export type ApiBody<M extends Method, Path extends Route<M>> = NonNullable<NonNullable<MaybeOptionalInit<paths[Path], M>>['body']>;
/** The query parameters a route takes. */
export type ApiQuery<M extends Method, Path extends Route<M>> = NonNullable<NonNullable<NonNullable<MaybeOptionalInit<paths[Path], M>>['params']>['query']>;
/** The options of a route (path parameters, query, body), as `get`/`post`/… take them. */
export type ApiInit<M extends Method, Path extends Route<M>> = MaybeOptionalInit<paths[Path], M>;
