import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { followClickCounts } from './counts';
import './hooks';
import { registerJobs } from './jobs';
import { clickRecorder } from './recorder';

/** how often the click maintenance pass runs (partitions ahead, retention, pruning) */
const MAINTENANCE_EVERY_MS = 3_600_000;

/** The click pipeline has no routes: the redirect records, the `clicks.*` jobs store and tidy (stats and export read). */
export const clicksModule = (deps: Deps) => {
  registerJobs(deps);
  followClickCounts(deps);
  deps.queue.schedule('clicks.maintain', MAINTENANCE_EVERY_MS, {}).catch((err) => deps.log.warn({ err }, 'could not schedule click maintenance'));
  // before the first visit: what stopped processes left in the click spool is replayed
  clickRecorder(deps).start();
  // shutdown hands the last batch over (core/server.ts), once no request is in flight and before the queue closes
  return new Elysia({ name: 'module:clicks' });
};
