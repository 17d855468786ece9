import type { Deps } from '../../core/deps';
import { templateRoutes } from './routes';

/** Templates: CRUD routes (applied to creates by registerTemplates). */
export const templatesModule = (deps: Deps) => templateRoutes(deps);
