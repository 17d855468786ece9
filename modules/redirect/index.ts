// The redirect module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { redirectorOf } from './service';
export { registerRedirect } from './register';
