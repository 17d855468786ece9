import { useEffect, useState } from 'preact/hooks';
import type { ApiQuery } from '../../api';
import { Field, QuerySelect, setAddressQuery } from '../../ui';
import type { DomainList, Tag } from './types';

/** Query keys that narrow the list (sort and page size only order it). */
export const FILTER_KEYS = ['q', 'tag', 'domain', 'from', 'to'] as const;

const SORTS = [
  ['created_at.desc', 'Newest first'],
  ['created_at.asc', 'Oldest first'],
  ['click_count.desc', 'Most clicks'],
  ['click_count.asc', 'Fewest clicks'],
  ['updated_at.desc', 'Recently changed'],
  ['slug.asc', 'Slug A–Z'],
  ['title.asc', 'Title A–Z'],
  ['target.asc', 'Destination A–Z'],
] as const;
const SORT_COLUMNS = ['created_at', 'updated_at', 'click_count', 'slug', 'title', 'target'] as const;
const PAGE_SIZES = ['20', '50', '100'];
const SEARCH_DELAY_MS = 300;

/** The page's address query → the API's list query (the sort choice is `column.direction`). */
export function listQuery(query: URLSearchParams): ApiQuery<'get', '/api/workspaces/{wsId}/links'> {
  const [sort, order] = (query.get('sort') ?? SORTS[0][0]).split('.');
  const limit = query.get('limit') ?? '';
  return {
    q: query.get('q') || undefined,
    tag: query.get('tag') || undefined,
    domain: query.get('domain') || undefined,
    from: query.get('from') || undefined,
    to: query.get('to') || undefined,
    sort: SORT_COLUMNS.find((column) => column === sort) ?? 'created_at',
    order: order === 'asc' ? 'asc' : 'desc',
    page: Number(query.get('page')) || 1,
    limit: Number(PAGE_SIZES.includes(limit) ? limit : PAGE_SIZES[0]),
  };
}

interface FiltersProps {
  query: URLSearchParams;
  tags: Tag[];
  domains?: DomainList;
}

/** Search as you type (after a short pause), the filters and the order; all kept in the page's address. */
export function Filters({ query, tags, domains }: FiltersProps) {
  const [wide] = useState(() => matchMedia('(min-width: 761px)').matches);
  const current = query.get('q') ?? '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  useEffect(() => {
    if (text === current) return;
    const timer = setTimeout(() => setAddressQuery({ q: text.trim() }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const domainOptions: [string, string][] = [['', 'Any domain']];
  if (domains) domainOptions.push([domains.default_domain, domains.default_domain], ...domains.domains.map((d) => [d.domain, d.domain] as [string, string]));
  // a tag filter stays on offer while it applies, even when no link carries the tag any more
  const chosenTag = query.get('tag');
  const tagNames = tags.map((t) => t.name);
  if (chosenTag && !tagNames.includes(chosenTag)) tagNames.push(chosenTag);
  const narrowing = FILTER_KEYS.filter((key) => key !== 'q' && query.get(key)).length;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role, as ARIA 1.2 describes (the <search> element is not in every supported browser)
    <form
      class="filters"
      role="search"
      aria-label="Filter links"
      onSubmit={(event) => {
        event.preventDefault();
        setAddressQuery({ q: text.trim() });
      }}
    >
      <div class="filters-main">
        <Field
          label="Search"
          class="filter filter-search"
          type="search"
          value={text}
          placeholder="Slug, destination or title"
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <QuerySelect label="Sort by" name="sort" query={query} options={SORTS.map(([v, l]) => [v, l])} fallback={SORTS[0][0]} />
      </div>
      {/* open on wide screens or while a filter applies; a phone starts with the list in view */}
      <details class="more-filters" open={wide || narrowing > 0}>
        <summary>More filters{narrowing ? ` (${narrowing} applied)` : ''}</summary>
        <div class="filters-more">
          <QuerySelect label="Tag" name="tag" query={query} options={[['', 'Any tag'], ...tagNames.map((name) => [name, name] as [string, string])]} />
          <QuerySelect label="Domain" name="domain" query={query} options={domainOptions} />
          <Field
            label="Created from"
            class="filter"
            type="date"
            value={query.get('from') ?? ''}
            onInput={(event) => setAddressQuery({ from: event.currentTarget.value })}
          />
          <Field
            label="Created to"
            class="filter"
            type="date"
            value={query.get('to') ?? ''}
            onInput={(event) => setAddressQuery({ to: event.currentTarget.value })}
          />
          <QuerySelect label="Per page" name="limit" query={query} options={PAGE_SIZES.map((s) => [s, s])} fallback={PAGE_SIZES[0]} />
        </div>
      </details>
    </form>
  );
}
