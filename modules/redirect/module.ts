import type { LinkhopModule } from '../../core/module';
import { registerRedirect } from './hooks';
import { redirectRoutes } from './routes';
import { redirectorOf } from './service';

/** Short links: the redirect's default and UTM stages, and `/{slug}` (mounted last: every site route wins over it). */
export const redirectModule: LinkhopModule = {
  name: 'redirect',
  hooks: registerRedirect,
  routes: redirectRoutes,
  shortLinks: redirectorOf,
};
