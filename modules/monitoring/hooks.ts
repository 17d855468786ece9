declare module '../../core/queue' {
  interface JobMap {
    /** scheduled every MONITOR_INTERVAL_MS: one broken-link check pass */
    'monitoring.run': Record<string, never>;
  }
}
export {};
