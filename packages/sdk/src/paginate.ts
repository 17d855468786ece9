import type { MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './api-schema.js';
import type { ApiAnswer, Init, Route } from './types.js';

/** A page of a list, as every paged route answers: its items under a name of their own, and where it stands. */
interface Page {
  total: number;
  page: number;
  limit: number;
}
/** The GET routes that page (`?page&limit` → `{<items>, total, page, limit}`): the links, the audit log, webhook deliveries… */
export type PagedRoute = {
  [P in Route<'get'>]: ApiAnswer<'get', P> extends Page ? P : never;
}[Route<'get'>];
/** The item of a page: the element of its list. */
export type PageItem<Path extends PagedRoute> = {
  [K in keyof ApiAnswer<'get', Path>]: ApiAnswer<'get', Path>[K] extends readonly (infer Item)[] ? Item : never;
}[keyof ApiAnswer<'get', Path>];

/** The largest page every paged route gives: the fewest requests. */
const LARGEST_PAGE = 100;

type Paginate = <Path extends PagedRoute>(
  path: Path,
  ...init: Init<MaybeOptionalInit<paths[Path], 'get'>, 'json'>
) => AsyncGenerator<PageItem<Path>, void, undefined>;

/**
 * The items of a paged list, one page fetched at a time as the loop asks (stop the loop: no more requests).
 * The query's `page` is where to start (default 1) and `limit` the page size (default 100, the largest).
 * An item already given (by `id`) is not given again: a link created meanwhile shifts the pages by one.
 */
export function paginate(get: (path: PagedRoute, init?: object) => Promise<unknown>): Paginate {
  return async function* (path: PagedRoute, init?: { params?: { query?: { page?: number; limit?: number } } }) {
    const seen = new Set<unknown>();
    let page = init?.params?.query?.page ?? 1;
    const limit = init?.params?.query?.limit ?? LARGEST_PAGE;
    for (;;) {
      const answer = (await get(path, { ...init, params: { ...init?.params, query: { ...init?.params?.query, page, limit } } })) as Page &
        Record<string, unknown>;
      const items = Object.values(answer).find(Array.isArray) ?? [];
      for (const item of items) {
        const id = (item as { id?: unknown } | null)?.id;
        if (id !== undefined && seen.has(id)) continue;
        if (id !== undefined) seen.add(id);
        yield item;
      }
      if (items.length === 0 || answer.page * answer.limit >= answer.total) return;
      page = answer.page + 1;
    }
  } as Paginate;
}
