import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import './hooks';
import { registerJobs } from './jobs';
import { monitoringRoutes } from './routes';

/**
 * Broken-link monitoring (Pro+): a repeatable `monitoring.run` job every MONITOR_INTERVAL_MS
 * checks each monitored link (`link.broken` / `link.recovered` on state changes, kept as the
 * link's health history: GET /api/workspaces/{wsId}/links/{linkId}/health, beyond the spec, for
 * the dashboard). Operators run a pass with POST /api/admin/monitoring/run or `bun run cli monitor`.
 */
export function monitoringModule(deps: Deps) {
  registerJobs(deps);
  deps.queue.schedule('monitoring.run', deps.config.monitorIntervalMs, {}).catch((err) => deps.log.warn({ err }, 'could not schedule monitoring'));
  return new Elysia({ name: 'module:monitoring' }).use(monitoringRoutes(deps));
}
