import type { Deps } from '../../core/deps';
import { validateLinkField } from '../../core/stages';
import { checkInterstitial, interstitialStage } from './service';

/** Interstitials: validation on link writes, the page at pages stage 81 (after a deep-link page). */
export function registerInterstitials(deps: Deps) {
  validateLinkField(deps, 'interstitial', 'interstitials', checkInterstitial);
  deps.bus.on('redirect.resolve', interstitialStage, { order: 81, source: 'interstitials' });
}
