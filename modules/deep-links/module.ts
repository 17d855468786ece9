import type { LinkhopModule } from '../../core/module';
import { registerDeepLinks } from './hooks';

/** Deep links: the stage (60) that opens an app, and the link field checks. */
export const deepLinksModule: LinkhopModule = {
  name: 'deep-links',
  hooks: registerDeepLinks,
};
