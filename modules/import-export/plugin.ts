import type { Deps } from '../../core/deps';
import { importExportRoutes } from './routes';

export const importExportModule = (deps: Deps) => importExportRoutes(deps);
