import createClient, { type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './api-schema.js';
import { errorOfAnswer, LinkhopError } from './errors.js';
import { type PagedRoute, paginate } from './paginate.js';
import { type Fetch, type RetryOptions, retryingFetch } from './retry.js';
import type { Call, Method } from './types.js';

/** A credential, or a function giving the current one (an OAuth access token that is refreshed). */
type Credential = string | (() => string | Promise<string>);

export interface LinkhopOptions {
  /**
   * The instance's address, its `SITE_URL` (`https://lnk.example.com`; a trailing `/api` is dropped). Empty: the
   * page's own origin (a browser page served by the instance).
   */
  baseUrl: string;
  /** An API key (`lh_…`), sent as `X-API-Key`. */
  apiKey?: Credential;
  /** An OAuth access token Linkhop issued, sent as `Authorization: Bearer`. */
  accessToken?: Credential;
  /** Retries of refused requests (429, 503); `false`: none. */
  retry?: RetryOptions | false;
  /** The fetch to use (default the global one: Node 20+, Bun, Deno, browsers). */
  fetch?: Fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** `credentials` of every request (a browser page that authenticates by its cookie: `same-origin`). */
  credentials?: RequestCredentials;
  /** openapi-fetch middleware, run around every request (after the credential is set, outside the retries). */
  middleware?: Middleware[];
}

type Untyped = (path: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The API, typed from the document the instance serves; failures throw LinkhopError. */
export interface Linkhop {
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  patch: Call<'patch'>;
  delete: Call<'delete'>;
  /**
   * Every item of a paged list (`?page&limit` answering `{<items>, total, page, limit}`), fetching page after page
   * as the loop asks: `for await (const link of linkhop.paginate('/api/workspaces/{wsId}/links', { params: { path: { wsId } } }))`.
   */
  paginate: ReturnType<typeof paginate>;
}

/**
 * `fetch` whose failure to get any answer is a LinkhopError (status 0, `network_error`, the failure as its `cause`).
 * An abort (the caller's signal, or its timeout) is the caller's own doing: it stays what it is.
 */
const reporting =
  (fetch: Fetch): Fetch =>
  async (request, init) => {
    try {
      return await fetch(request, init);
    } catch (error) {
      if (['AbortError', 'TimeoutError'].includes((error as Error)?.name)) throw error;
      throw new LinkhopError(0, 'The server could not be reached. Check your connection and try again.', { cause: error });
    }
  };

const credentialOf = async (credential: Credential) => (typeof credential === 'function' ? credential() : credential);

/**
 * A client of one Linkhop instance: `createLinkhop({ baseUrl: 'https://lnk.example.com', apiKey: 'lh_…' })`, then
 * `await linkhop.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target } })`.
 */
export function createLinkhop(options: LinkhopOptions): Linkhop {
  const { apiKey, accessToken } = options;
  if (apiKey !== undefined && accessToken !== undefined) throw new TypeError('createLinkhop: give apiKey or accessToken, not both');
  const clientOptions: ClientOptions = {
    baseUrl: options.baseUrl.replace(/\/+$/, '').replace(/\/api$/, ''),
    fetch: retryingFetch(reporting(options.fetch ?? ((request, init) => globalThis.fetch(request, init))), options.retry) as ClientOptions['fetch'],
    headers: { accept: 'application/json', ...options.headers },
    ...(options.credentials ? { credentials: options.credentials } : {}),
  };
  const client = createClient<paths>(clientOptions);
  if (apiKey !== undefined || accessToken !== undefined) {
    client.use({
      async onRequest({ request }) {
        if (apiKey !== undefined) request.headers.set('x-api-key', await credentialOf(apiKey));
        else request.headers.set('authorization', `Bearer ${await credentialOf(accessToken!)}`);
      },
    });
  }
  if (options.middleware) client.use(...options.middleware);

  const answered = <M extends Method>(method: M): Call<M> => {
    const send = (client as unknown as Record<string, Untyped>)[method.toUpperCase()]!;
    const call = async (path: string, init?: object) => {
      const result = await send(path, init);
      if (result.response.ok) return result.data;
      throw errorOfAnswer(result.response, result.error);
    };
    return call as Call<M>;
  };
  const get = answered('get');
  return {
    get,
    post: answered('post'),
    put: answered('put'),
    patch: answered('patch'),
    delete: answered('delete'),
    paginate: paginate(get as unknown as (path: PagedRoute, init?: object) => Promise<unknown>),
  };
}
