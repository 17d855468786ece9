import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import './hooks';
import { registerJobs } from './jobs';

/** The click pipeline has no routes: the redirect records, the `clicks.record` job stores (stats and export read). */
export const clicksModule = (deps: Deps) => {
  registerJobs(deps);
  return new Elysia({ name: 'module:clicks' });
};
