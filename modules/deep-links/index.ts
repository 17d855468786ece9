// The deep-links module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { DeepLink } from './model';
export { deepLinksModule } from './module';
