// The retargeting module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { retargetingScripts } from './service';
export { AnalyticsError, forwardsToFb, forwardsToGa, postAnalytics } from './analytics';
export type { AnalyticsAccounts } from './analytics';
