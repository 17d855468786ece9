// The mail module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export { registerJobs } from './jobs';
export { sendMail } from './service';
export type { MailMessage } from './service';
