// The retargeting module's public face: what other modules and the app use of it (nothing else is imported from outside).
import type { ClickRecord } from '../../core/hooks';
export { retargetingScripts } from './service';
export { AnalyticsError, forwardsToFb, forwardsToGa, postAnalytics } from './analytics';
export type { AnalyticsAccounts } from './analytics';

// The module's jobs, declared on its public face: every program that reaches the module's code through it
// (another module, the app, a plugin's own type-check) knows their names and payloads.
declare module '../../core/queue' {
  interface JobMap {
    /** one workspace's stored clicks, forwarded to its GA4 / Meta accounts */
    'analytics.forward': { workspaceId: string; clicks: ClickRecord[]; destinations?: ('ga' | 'fb')[] };
  }
}
export { retargetingModule } from './module';
