// The ab-tests module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { AbVariants } from './model';
export { registerAbTests } from './register';
