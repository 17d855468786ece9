import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import './hooks';
import { followClickCounts } from './counts';
import { registerJobs } from './jobs';
import { clickRecorder } from './service';

/** The click pipeline has no routes: the redirect records, the `clicks.record` job stores (stats and export read). */
export const clicksModule = (deps: Deps) => {
  registerJobs(deps);
  followClickCounts(deps);
  // on shutdown the last batch is queued once no request is in flight (before the queue closes)
  return new Elysia({ name: 'module:clicks' }).onStop(() => void clickRecorder(deps).flush());
};
