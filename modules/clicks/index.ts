// The clicks module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { freshClickCount } from './counts';
export { clicksBefore } from './export';
export type { ClickCursor } from './export';
export type { ClickRecord } from './hooks';
export type { Dimension } from './rollup';
export { clickRecorder } from './recorder';
export { clicksByLinkSince, clicksPerDay, clicksPerWeekdayHour, clickTotals, countCountries, topLinks, topValues, utcDayStart } from './stats';
export type { ClickFilter } from './stats';
export { registerClicks } from './register';
