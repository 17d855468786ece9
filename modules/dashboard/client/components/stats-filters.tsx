import { setAddressQuery, useLocation } from '../ui';
import { countryName } from './top-table';

/** A filter term as the stats API takes it: `dimension:value`, `-` the unknown value. */
export interface FilterTerm {
  dimension: string;
  value: string;
}

const NONE = '-';
const LABELS: Record<string, string> = {
  link: 'Link',
  tag: 'Tag',
  domain: 'Domain',
  country: 'Country',
  referrer: 'Referrer',
  device: 'Device',
  browser: 'Browser',
  os: 'OS',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
};

const parse = (text: string): FilterTerm[] =>
  text
    ? text.split(',').flatMap((term) => {
        const colon = term.indexOf(':');
        return colon > 0 ? [{ dimension: term.slice(0, colon), value: term.slice(colon + 1) }] : [];
      })
    : [];
const format = (terms: FilterTerm[]) => terms.map((t) => `${t.dimension}:${t.value}`).join(',');

/** The filter value of a breakdown row (null is the unknown value). */
export const filterValue = (value: string | null) => value ?? NONE;

/** A term in words: "Country: Germany (DE)", "Referrer: direct". */
export function termText({ dimension, value }: FilterTerm, linkNames: Map<string, string> = new Map()) {
  const label = LABELS[dimension] ?? dimension;
  if (value === NONE) return `${label}: ${dimension === 'referrer' ? 'direct or unknown' : 'unknown'}`;
  if (dimension === 'country') return `${label}: ${countryName(value)}`;
  if (dimension === 'link') return `${label}: ${linkNames.get(value) ?? value}`;
  return `${label}: ${value}`;
}

/**
 * The page's stats filter, kept in the address (`?filter=country:DE,device:mobile`): a filtered
 * view is a link that can be shared, and Back undoes a filter.
 */
export function useStatsFilter() {
  const { query } = useLocation();
  const text = query.get('filter') ?? '';
  const terms = parse(text);
  const set = (next: FilterTerm[]) => setAddressQuery({ filter: format(next) });
  return {
    /** the API's `filter` parameter; undefined when none */
    filter: text || undefined,
    terms,
    add: (term: FilterTerm) => {
      if (!terms.some((t) => t.dimension === term.dimension && t.value === term.value)) set([...terms, term]);
    },
    remove: (index: number) => set(terms.filter((_, i) => i !== index)),
    clear: () => set([]),
  };
}

/** The active filters as removable chips (nothing when none). */
export function FilterChips({ filter, linkNames }: { filter: ReturnType<typeof useStatsFilter>; linkNames?: Map<string, string> }) {
  if (!filter.terms.length) return null;
  return (
    <section class="filter-chips" aria-label="Active filters">
      <span class="muted">Filtered by</span>
      <ul>
        {filter.terms.map((term, i) => (
          <li key={`${term.dimension}:${term.value}`} class="chip">
            {termText(term, linkNames)}
            <button type="button" class="chip-remove" aria-label={`Remove filter ${termText(term, linkNames)}`} onClick={() => filter.remove(i)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      {filter.terms.length > 1 && (
        <button type="button" class="button button-quiet" onClick={filter.clear}>
          Clear filters
        </button>
      )}
    </section>
  );
}

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });

/** "+12 % compared with the previous period" (or that the previous period had none). */
export function deltaText(current: number, previous: number) {
  if (!previous) return current ? 'none in the previous period' : 'same as the previous period';
  return `${percent.format((current - previous) / previous)} compared with the previous period (${previous.toLocaleString('en')})`;
}
