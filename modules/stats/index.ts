// The stats module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { FILTER_DESCRIPTION, FILTER_MAX_LENGTH } from './filters';
export { filteredRange, linkStats, linkStatsWithImported, workspaceSummary } from './service';
export { statsModule } from './module';
