import type { LinkhopModule } from '../../core/module';
import { registerJobs } from './jobs';
import { monitoringRoutes } from './routes';

/**
 * Broken-link monitoring (Pro+): a repeatable `monitoring.run` job every MONITOR_INTERVAL_MS
 * checks each monitored link (`link.broken` / `link.recovered` on state changes, kept as the
 * link's health history: GET /api/workspaces/{wsId}/links/{linkId}/health, an addition for
 * the dashboard). Operators run a pass with POST /api/admin/monitoring/run or `bun run cli monitor`.
 */
export const monitoringModule: LinkhopModule = {
  name: 'monitoring',
  jobs: registerJobs,
  schedules: (config) => [{ job: 'monitoring.run', everyMs: config.monitorIntervalMs }],
  routes: monitoringRoutes,
};
