import type { Deps } from '../../core/deps';
import { retargetingStage } from './service';

/** The retargeting page at pages stage 82 (after deep-link and interstitial pages, which carry the scripts themselves). */
export function registerRetargeting(deps: Deps) {
  deps.bus.on('redirect.resolve', retargetingStage, { order: 82, source: 'retargeting' });
}
