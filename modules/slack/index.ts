// The slack module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { SLACK_COMMANDS_PATH } from './routes';
