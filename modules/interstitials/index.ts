// The interstitials module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { Interstitial } from './model';
export { interstitialsModule } from './module';
