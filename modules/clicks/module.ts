import type { LinkhopModule } from '../../core/module';
import { followClickCounts } from './counts';
import { registerClicks } from './hooks';
import { registerJobs } from './jobs';
import { clickRecorder } from './recorder';

/**
 * The click pipeline has no routes: the redirect records, the `clicks.*` jobs store and tidy (stats
 * and export read). The API server replays what stopped processes left in the click spool before
 * its first visit, and at shutdown hands the last batch over (what cannot be stays in the spool).
 */
export const clicksModule: LinkhopModule = {
  name: 'clicks',
  hooks: registerClicks,
  jobs: registerJobs,
  // partitions ahead, retention, pruning
  schedules: () => [
    { job: 'clicks.maintain', everyMs: 3_600_000 },
    { job: 'clicks.close-facets', everyMs: 600_000 },
  ],
  start(deps) {
    followClickCounts(deps);
    clickRecorder(deps).start();
  },
  stop: (deps) => clickRecorder(deps).close(),
};
