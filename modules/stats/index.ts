// The stats module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { clickFilterOf, FILTER_DESCRIPTION, FILTER_MAX_LENGTH, FilterQuery, parseFilter } from './filters';
export { linkStats, openRange, workspaceSummary } from './service';
