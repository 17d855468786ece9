import type { Deps } from '../core/deps';
import type { LinkhopModule } from '../core/module';
import { abTestsModule } from '../modules/ab-tests/module';
import { adminModule } from '../modules/admin/module';
import { apiKeysModule } from '../modules/api-keys/module';
import { auditModule } from '../modules/audit/module';
import { clicksModule } from '../modules/clicks/module';
import { clientsModule } from '../modules/clients/module';
import { conversionsModule } from '../modules/conversions/module';
import { dashboardModule } from '../modules/dashboard/module';
import { deepLinksModule } from '../modules/deep-links/module';
import { domainsModule } from '../modules/domains/module';
import { governanceModule } from '../modules/governance/module';
import { healthModule } from '../modules/health/module';
import { importExportModule } from '../modules/import-export/module';
import { interstitialsModule } from '../modules/interstitials/module';
import { invitesModule } from '../modules/invites/module';
import { countDomainLinks, deleteDomainLinks } from '../modules/links';
import { linksModule } from '../modules/links/module';
import { liveModule } from '../modules/live/module';
import { mailModule } from '../modules/mail/module';
import { mcpModule } from '../modules/mcp/module';
import { metricsModule } from '../modules/metrics/module';
import { usersByIds } from '../modules/members';
import { membersModule } from '../modules/members/module';
import { monitoringModule } from '../modules/monitoring/module';
import { oauthModule } from '../modules/oauth/module';
import { portfoliosModule } from '../modules/portfolios/module';
import { qrModule } from '../modules/qr/module';
import { redirectModule } from '../modules/redirect/module';
import { retargetingModule } from '../modules/retargeting/module';
import { routingModule } from '../modules/routing/module';
import { rulesEngineModule } from '../modules/rules-engine/module';
import { sequencesModule } from '../modules/sequences/module';
import { sessionsModule } from '../modules/sessions/module';
import { slackModule } from '../modules/slack/module';
import { ssoModule } from '../modules/sso/module';
import { statsModule } from '../modules/stats/module';
import { tagsModule } from '../modules/tags/module';
import { templatesModule } from '../modules/templates/module';
import { webhooksModule } from '../modules/webhooks/module';
import { workspacesModule } from '../modules/workspaces/module';

/**
 * Every feature module, the one list every process reads. Routes are mounted in this order
 * (the dashboard's `/app/*` and the short links' `/:slug` last, after the extension plugins' routes);
 * bus handlers run by their `order`, then in this order.
 */
export const MODULES: readonly LinkhopModule[] = [
  healthModule,
  metricsModule,
  workspacesModule,
  apiKeysModule,
  auditModule(usersByIds),
  adminModule,
  sessionsModule,
  mailModule,
  membersModule,
  invitesModule,
  domainsModule({ count: countDomainLinks, remove: deleteDomainLinks }),
  ssoModule,
  oauthModule,
  clientsModule,
  linksModule,
  sequencesModule,
  rulesEngineModule,
  routingModule,
  abTestsModule,
  deepLinksModule,
  interstitialsModule,
  retargetingModule,
  clicksModule,
  tagsModule,
  templatesModule,
  governanceModule,
  webhooksModule,
  monitoringModule,
  portfoliosModule,
  qrModule,
  importExportModule,
  statsModule,
  conversionsModule,
  liveModule,
  mcpModule,
  slackModule,
];

/** Mounted after the extension plugins' routes: catch-alls of the site host (`/app/*`) and of short domains (`/:slug`). */
export const LAST_MODULES: readonly LinkhopModule[] = [dashboardModule, redirectModule];

const ALL = [...MODULES, ...LAST_MODULES];

/**
 * What every process needs of every module, once, as its deps are made (app/deps.ts): the bus
 * handlers (a link a plugin job creates in a worker meets the same checks, an event emitted there
 * reaches the same subscribers, as in the server), then the job processors.
 */
export function wireModules(deps: Deps): void {
  for (const module of ALL) module.hooks?.(deps);
  for (const module of ALL) module.jobs?.(deps);
}

/** The API server's part: repeating jobs scheduled, start-up work done (before the first request). */
export function startModules(deps: Deps): void {
  for (const module of ALL) {
    for (const { job, everyMs } of module.schedules?.(deps.config) ?? [])
      deps.queue.schedule(job, everyMs, {}).catch((err) => deps.log.warn({ err, job }, 'could not schedule a repeating job'));
    module.start?.(deps);
  }
}

/** The API server's shutdown, once no request is in flight and before the queue and database close. */
export async function stopModules(deps: Deps): Promise<void> {
  for (const module of ALL) await module.stop?.(deps);
}
