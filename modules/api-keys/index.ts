export { apiKeysModule } from './routes';
