import type { LinkhopModule } from '../../core/module';
import { registerLive } from './hooks';
import { liveRoutes } from './routes';

/** The live view: stored clicks, leads and sales streamed to watchers (Server-Sent Events; across processes over Redis). */
export const liveModule: LinkhopModule = {
  name: 'live',
  hooks: registerLive,
  routes: liveRoutes,
};
