// The clicks module's public face: what other modules and the app use of it (nothing else is imported from outside).
import type { BotVisits, ClickBatch, LegacyClickBatch } from './batch';
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

// The module's jobs, declared on its public face: every program that reaches the module's code through it
// (another module, the app, a plugin's own type-check) knows their names and payloads.
declare module '../../core/queue' {
  interface JobMap {
    'clicks.record': ClickBatch | LegacyClickBatch;
    /** bot visits counted aside (recorder.ts) */
    'clicks.bots': BotVisits;
    /** a deleted link's clicks (with `linkId`), or a workspace's if it no longer exists */
    'clicks.forget': { workspaceId: string; linkId?: string };
    /** the facet rollups of the days over (facets.ts) */
    'clicks.close-facets': Record<string, never>;
    /** partitions ahead, retention, pruning of visitor hashes and batch ids */
    'clicks.maintain': Record<string, never>;
  }
}
export { clicksModule } from './module';
