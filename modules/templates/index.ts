// The templates module's public face: its bus registrations, run by core/modules.ts in every process.
export { registerTemplates } from './register';
