export { sessionRoutes as sessionsModule } from './routes';
