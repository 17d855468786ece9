import { t } from 'elysia';
import type { DbOrTx } from '../../core/db';
import { invalid } from '../../core/errors';
import { FACET_DIMENSIONS, type ClickFilter, type FacetDimension } from '../clicks';
import { linkIdsMatching, type LinkMatch } from '../links';

/** Attributes of the link a click went to: resolved to the matching links' ids. */
const LINK_DIMENSIONS = ['link', 'tag', 'domain', 'utm_source', 'utm_medium', 'utm_campaign'] as const satisfies readonly (keyof LinkMatch)[];
export const FILTER_DIMENSIONS = [...LINK_DIMENSIONS, ...FACET_DIMENSIONS] as const;
type FilterDimension = (typeof FILTER_DIMENSIONS)[number];

/** The value that stands for "unknown" (for the referrer: a direct visit) of a visitor dimension. */
export const NONE = '-';
const MAX_TERMS = 20;
const MAX_VALUE = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The grammar of a filter, for people and agents (the REST parameter's and the MCP tools' description). */
export const FILTER_DESCRIPTION =
  'Only clicks matching every term, `dimension:value` separated by commas. Dimensions: ' +
  `${FILTER_DIMENSIONS.join(', ')} (referrer is the referring host; utm_* what the link sends). ` +
  'A dimension given twice matches either value. `-` is the unknown value of country, referrer (a direct visit), browser, os and device. ' +
  'Values cannot contain commas.';
export const FILTER_MAX_LENGTH = 2000;

export const FilterQuery = t.Optional(
  t.String({
    maxLength: FILTER_MAX_LENGTH,
    description: `${FILTER_DESCRIPTION} Filtered answers come from the rollups by combination of dimensions; their unique visitors are null.`,
    examples: ['country:DE,device:mobile', 'referrer:news.ycombinator.com,referrer:-', 'tag:launch,utm_campaign:spring'],
  }),
);

/** A parsed filter: link attributes to match, and visitor dimensions' values ('' unknown). */
export interface StatsFilter {
  links?: LinkMatch;
  facets?: Partial<Record<FacetDimension, string[]>>;
}

const isFacet = (d: FilterDimension): d is FacetDimension => (FACET_DIMENSIONS as readonly string[]).includes(d);

/** One term's value as stored, or a 400 naming the term. */
function termValue(dimension: FilterDimension, value: string, term: string): string {
  if (!value) throw invalid('filter', `"${term}" has no value`);
  if (value.length > MAX_VALUE) throw invalid('filter', `the value of "${dimension}" is longer than ${MAX_VALUE} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) throw invalid('filter', `the value of "${dimension}" holds a control character`);
  if (isFacet(dimension) && value === NONE) return '';
  switch (dimension) {
    case 'country':
      if (!/^[a-z]{2}$/i.test(value)) throw invalid('filter', `country "${value}" is not a two-letter ISO code (or ${NONE} for unknown)`);
      return value.toUpperCase();
    case 'device':
      if (!['desktop', 'mobile', 'tablet'].includes(value)) throw invalid('filter', `device "${value}" is not desktop, mobile or tablet (or ${NONE})`);
      return value;
    case 'referrer':
    case 'domain':
      return value.toLowerCase();
    case 'link':
      if (!UUID.test(value)) throw invalid('filter', `"${value}" is not a link id`);
      return value.toLowerCase();
    default:
      return value;
  }
}

/** `country:DE,device:mobile` → the values per dimension; a 400 (`field: filter`) for anything malformed. */
export function parseFilter(text: string | undefined): StatsFilter {
  if (text === undefined || text === '') return {};
  const terms = text.split(',');
  if (terms.length > MAX_TERMS) throw invalid('filter', `at most ${MAX_TERMS} terms`);
  const filter: StatsFilter = {};
  for (const raw of terms) {
    const term = raw.trim();
    const colon = term.indexOf(':');
    if (colon < 0) throw invalid('filter', `"${term}" is not dimension:value`);
    const dimension = term.slice(0, colon).trim();
    if (!(FILTER_DIMENSIONS as readonly string[]).includes(dimension))
      throw invalid('filter', `unknown dimension "${dimension}" (one of ${FILTER_DIMENSIONS.join(', ')})`);
    const d = dimension as FilterDimension;
    const value = termValue(d, term.slice(colon + 1).trim(), term);
    const into = isFacet(d) ? (filter.facets ??= {}) : (filter.links ??= {});
    const values = ((into as Record<string, string[]>)[d] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  return filter;
}

/** The click filter's part of a parsed filter: link attributes become the matching links' ids. */
export async function clickFilterOf(db: DbOrTx, workspaceId: string, filter: StatsFilter): Promise<Pick<ClickFilter, 'linkIds' | 'facets'>> {
  return {
    linkIds: filter.links ? await linkIdsMatching(db, workspaceId, filter.links) : undefined,
    facets: filter.facets,
  };
}
