// The sequences module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { Sequence } from './model';
export { registerSequences } from './register';
