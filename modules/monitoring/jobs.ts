import type { Deps } from '../../core/deps';
import { runMonitoringPass } from './service';

export function registerJobs(deps: Deps) {
  deps.queue.register('monitoring.run', async () => {
    const result = await runMonitoringPass(deps);
    deps.log.info(result, 'monitoring pass done');
  });
}
