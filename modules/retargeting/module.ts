import type { LinkhopModule } from '../../core/module';
import { registerRetargeting } from './hooks';
import { registerJobs } from './jobs';

/**
 * Retargeting: the workspace's scripts load on a small page before the redirect (pages stage 82,
 * after deep-link and interstitial pages, which carry the scripts themselves), and clicks are
 * forwarded to GA4 / Meta from the `analytics` job queue.
 */
export const retargetingModule: LinkhopModule = {
  name: 'retargeting',
  hooks: registerRetargeting,
  jobs: registerJobs,
};
