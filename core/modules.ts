import { registerAbTests } from '../modules/ab-tests';
import { registerClicks } from '../modules/clicks';
import { registerConversions } from '../modules/conversions';
import { registerDeepLinks } from '../modules/deep-links';
import { registerGovernance } from '../modules/governance';
import { registerInterstitials } from '../modules/interstitials';
import { registerLive } from '../modules/live';
import { registerRedirect } from '../modules/redirect';
import { registerRetargeting } from '../modules/retargeting';
import { registerRouting } from '../modules/routing';
import { registerRulesEngine } from '../modules/rules-engine';
import { registerSequences } from '../modules/sequences';
import { registerTemplates } from '../modules/templates';
import { forwardEventsToWebhooks } from '../modules/webhooks';
import type { Deps } from './deps';

const registered = new WeakSet<Deps>();

/**
 * Every module's handlers on the bus — link field checks (`link.validate`), `link.beforeCreate`
 * (templates, governance), the redirect stages, reactions to events (webhook deliveries, click
 * cleanup, cache drops) — once per process: the API server, each worker process and the CLI run
 * it before loading plugins, so a link a plugin job creates in a worker meets the same checks,
 * and an event emitted there reaches the same subscribers, as in the server.
 */
export function registerModules(deps: Deps): void {
  if (registered.has(deps)) return;
  registered.add(deps);
  registerSequences(deps);
  registerRulesEngine(deps);
  registerRouting(deps);
  registerAbTests(deps);
  registerDeepLinks(deps);
  registerInterstitials(deps);
  registerRetargeting(deps);
  registerRedirect(deps);
  registerConversions(deps);
  registerLive(deps);
  registerTemplates(deps);
  registerGovernance(deps);
  registerClicks(deps);
  forwardEventsToWebhooks(deps);
}
