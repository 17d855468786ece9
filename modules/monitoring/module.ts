import type { LinkhopModule } from '../../core/module';
import { registerJobs } from './jobs';
import { runMonitoringPass } from './service';
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
  commands: {
    // link.broken / link.recovered reach webhooks from here too (every module's handlers and jobs are wired
    // with the deps); on the embedded default the deliveries run before exit
    monitor: { usage: 'monitor', run: (deps) => runMonitoringPass(deps) },
  },
};
