// The routing module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { isCountryCode } from './countries';
export { RoutingRules } from './model';
export { routingModule } from './module';
