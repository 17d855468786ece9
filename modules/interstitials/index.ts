// The interstitials module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { Interstitial } from './model';
export { registerInterstitials } from './register';
