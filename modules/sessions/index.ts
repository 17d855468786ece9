// The sessions module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { createSessionAuthenticator, signInUrlFor } from './service';
export { setupLink } from './setup';

// The module's jobs, declared on its public face: every program that reaches the module's code through it
// (another module, the app, a plugin's own type-check) knows their names and payloads.
declare module '../../core/queue' {
  interface JobMap {
    'mail.signInLink': { email: string };
  }
}
export { sessionsModule } from './module';
