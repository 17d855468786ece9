import { useEffect, useState } from 'preact/hooks';
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
const PAGE_SIZES = ['20', '50', '100'];
const SEARCH_DELAY_MS = 300;

/** The page's address query → the API's list query (the sort choice is `column.direction`). */
export function listQuery(query: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query.get(key);
    if (value) out.set(key, value);
  }
  const [sort, order] = (query.get('sort') ?? SORTS[0][0]).split('.');
  out.set('sort', sort!);
  out.set('order', order === 'asc' ? 'asc' : 'desc');
  out.set('page', query.get('page') ?? '1');
  out.set('limit', PAGE_SIZES.includes(query.get('limit') ?? '') ? query.get('limit')! : PAGE_SIZES[0]!);
  return out.toString();
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
