// The stats module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { linkStats, openRange, workspaceSummary } from './service';
