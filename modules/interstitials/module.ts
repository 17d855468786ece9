import type { LinkhopModule } from '../../core/module';
import { registerInterstitials } from './hooks';

/** Interstitial pages before the redirect (stage 81). */
export const interstitialsModule: LinkhopModule = {
  name: 'interstitials',
  hooks: registerInterstitials,
};
