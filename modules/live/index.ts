// The live module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { registerLive } from './register';
