// The rules-engine module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { Rules } from './model';
export { rulesEngineModule } from './module';
