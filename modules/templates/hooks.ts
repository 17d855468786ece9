import type { Deps } from '../../core/deps';
import { applyTemplate } from './service';

/** `template_id` on a link create, applied through `link.beforeCreate` (before governance). */
export function registerTemplates(deps: Deps) {
  deps.bus.on('link.beforeCreate', (ctx) => applyTemplate(deps, ctx), { order: 10, source: 'templates' });
}
