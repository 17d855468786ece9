// The dashboard module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { clientBundle } from './assets';
export { dashboardModule } from './module';
