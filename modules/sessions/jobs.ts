import type { Deps } from '../../core/deps';
import { mailSignInLinkIfKnown } from './service';

/** `mail.signInLink`: after a sign-in link was asked for and answered, look the address up and mail it (its `mail.send` follows). */
export function registerJobs(deps: Deps) {
  deps.queue.register('mail.signInLink', ({ email }) => mailSignInLinkIfKnown(deps, email));
}
