// The redirect module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { redirectorOf } from './service';
export { redirectModule } from './module';
