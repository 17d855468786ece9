import type { LinkhopModule } from '../../core/module';
import { slackRoutes } from './routes';

/** The `/linkhop` Slack slash command, and the workspace owners' links of Slack teams it acts through. */
export const slackModule: LinkhopModule = {
  name: 'slack',
  routes: slackRoutes,
  // Slack signs its slash commands: no API key or session
  keylessRoutes: ['/api/slack/commands'],
};
