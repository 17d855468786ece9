// The mail module's public face: what other modules and the app use of it (nothing else is imported from outside).
import type { MailMessage } from './service';
export { sendMail } from './service';
export type { MailMessage } from './service';

// The module's jobs, declared on its public face: every program that reaches the module's code through it
// (another module, the app, a plugin's own type-check) knows their names and payloads.
declare module '../../core/queue' {
  interface JobMap {
    'mail.send': MailMessage;
  }
}
export { mailModule } from './module';
