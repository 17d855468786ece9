// The deep-links module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { DeepLink } from './model';
export { registerDeepLinks } from './register';
