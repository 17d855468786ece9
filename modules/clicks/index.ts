// The clicks module's public face: what other modules and the app use of it (nothing else is imported from outside).
export type { Click } from './batch';
export { freshClickCount } from './counts';
export { clicksBefore } from './export';
export type { ClickCursor } from './export';
export type { ClickRecord } from '../../core/hooks';
export { findClick, mayBeInFlight } from './lookup';
export type { StoredClick } from './lookup';
export type { Dimension } from './rollup';
export { FACET_DIMENSIONS } from './facets';
export type { FacetDimension } from './facets';
export { clickRecorder } from './recorder';
export type { ClickRecorder } from './recorder';
export { clicksByLinkSince, clicksPerDay, clicksPerWeekdayHour, clickTotals, countCountries, topLinks, topValues, topValuesOf, utcDayStart } from './stats';
export type { ClickFilter, TopValue } from './stats';
export { botVisits, clicksByVariant } from './aside';
