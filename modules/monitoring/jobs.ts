import type { Deps } from '../../core/deps';
import { forwardEventsToWebhooks } from '../webhooks';
import './hooks';
import { runMonitoringPass } from './service';

export function registerJobs(deps: Deps) {
  // a worker process has no app: its link.broken / link.recovered must still reach webhooks
  forwardEventsToWebhooks(deps);
  deps.queue.register('monitoring.run', async () => {
    const result = await runMonitoringPass(deps);
    deps.log.info(result, 'monitoring pass done');
  });
}
