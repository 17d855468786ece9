import type { Deps } from '../../core/deps';
import { validateLinkField } from '../../core/stages';
import { appLaunchPageStage, checkDeepLink, deepLinkStage } from './service';

/** Deep links: validation on link writes; app redirect at stage 60, the app-detection page at 80. */
export function registerDeepLinks(deps: Deps) {
  validateLinkField(deps, 'deep_link', 'deep-links', checkDeepLink);
  deps.bus.on('redirect.resolve', deepLinkStage, { order: 60, source: 'deep-links' });
  deps.bus.on('redirect.resolve', appLaunchPageStage, { order: 80, source: 'deep-links' });
}
