// The routing module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { isCountryCode } from './countries';
export { RoutingRules } from './model';
export { registerRouting } from './register';
