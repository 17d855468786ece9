export { adminRoutes as adminModule } from './routes';
