import type { LinkhopModule } from '../../core/module';
import { importExportRoutes } from './routes';

/** CSV import and export of links. */
export const importExportModule: LinkhopModule = {
  name: 'import-export',
  routes: importExportRoutes,
};
