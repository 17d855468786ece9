// The monitoring module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { runMonitoringPass } from './service';

// The module's jobs, declared on its public face: every program that reaches the module's code through it
// (another module, the app, a plugin's own type-check) knows their names and payloads.
declare module '../../core/queue' {
  interface JobMap {
    /** scheduled every MONITOR_INTERVAL_MS: one broken-link check pass */
    'monitoring.run': Record<string, never>;
  }
}
export { monitoringModule } from './module';
