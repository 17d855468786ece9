import type { Deps } from '../../core/deps';
import { runMonitoringPass } from './service';

declare module '../../core/queue' {
  interface JobMap {
    /** scheduled every MONITOR_INTERVAL_MS: one broken-link check pass */
    'monitoring.run': Record<string, never>;
  }
}

export function registerJobs(deps: Deps) {
  deps.queue.register('monitoring.run', async () => {
    const result = await runMonitoringPass(deps);
    deps.log.info(result, 'monitoring pass done');
  });
}
