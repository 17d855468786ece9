import { type LinkhopModule, wrongUsage } from '../../core/module';
import { registerConversions } from './hooks';
import { registerForwardingJob } from './jobs';
import { notFound } from '../../core/errors';
import { getWorkspaceRow } from '../workspaces';
import { rebuildConversionRollups } from './rollup';
import { conversionRoutes } from './routes';

/** Conversion tracking (Pro+): the click id in tracked links' targets (stage 75), leads and sales, their rollups and stats, their forwarding to GA4 / Meta (`analytics` queue), and /lh.js. */
export const conversionsModule: LinkhopModule = {
  name: 'conversions',
  hooks: registerConversions,
  jobs: registerForwardingJob,
  routes: conversionRoutes,
  // the conversion helper script
  segments: { site: ['lh.js'] },
  commands: {
    'rebuild-conversions': {
      usage: 'rebuild-conversions <workspaceId>',
      async run(deps, [workspaceId]) {
        if (!workspaceId) throw wrongUsage(this.usage);
        if (!(await getWorkspaceRow(deps.db, workspaceId))) throw notFound('Workspace');
        await rebuildConversionRollups(deps.db, workspaceId);
        return { rebuilt: workspaceId };
      },
    },
  },
};
