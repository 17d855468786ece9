import type { LinkhopModule } from '../../core/module';
import { qrRoutes } from './routes';

/** QR codes of links. */
export const qrModule: LinkhopModule = {
  name: 'qr',
  routes: qrRoutes,
};
