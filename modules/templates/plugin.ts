import type { Deps } from '../../core/deps';
import { templateRoutes } from './routes';
import { applyTemplate } from './service';

/** Templates: CRUD routes, and `template_id` on a link create applied through `link.beforeCreate` (before governance). */
export const templatesModule = (deps: Deps) => {
  deps.bus.on('link.beforeCreate', (ctx) => applyTemplate(deps, ctx), { order: 10, source: 'templates' });
  return templateRoutes(deps);
};
