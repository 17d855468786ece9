import type { Deps } from '../core/deps';
import { reserveSegments } from '../core/hosts';
import type { AccessResolver } from '../core/access';
import type { DbOrTx } from '../core/db';
import type { CliCommand, LinkhopModule, PluginServices, RefusedRow, RestoreScope, ShortLinkVisitor } from '../core/module';
import { sitePaths } from '../core/site-paths';
import { abTestsModule } from '../modules/ab-tests';
import { adminModule } from '../modules/admin';
import { apiKeysModule } from '../modules/api-keys';
import { auditModule } from '../modules/audit';
import { clicksModule } from '../modules/clicks';
import { clientsModule } from '../modules/clients';
import { conversionsModule } from '../modules/conversions';
import { dashboardModule } from '../modules/dashboard';
import { deepLinksModule } from '../modules/deep-links';
import { domainsModule } from '../modules/domains';
import { governanceModule } from '../modules/governance';
import { healthModule } from '../modules/health';
import { importExportModule } from '../modules/import-export';
import { interstitialsModule } from '../modules/interstitials';
import { invitesModule } from '../modules/invites';
import { linksModule } from '../modules/links';
import { liveModule } from '../modules/live';
import { mailModule } from '../modules/mail';
import { mcpModule } from '../modules/mcp';
import { metricsModule } from '../modules/metrics';
import { membersModule } from '../modules/members';
import { monitoringModule } from '../modules/monitoring';
import { oauthModule } from '../modules/oauth';
import { portfoliosModule } from '../modules/portfolios';
import { qrModule } from '../modules/qr';
import { redirectModule } from '../modules/redirect';
import { retargetingModule } from '../modules/retargeting';
import { routingModule } from '../modules/routing';
import { rulesEngineModule } from '../modules/rules-engine';
import { sequencesModule } from '../modules/sequences';
import { sessionsModule } from '../modules/sessions';
import { slackModule } from '../modules/slack';
import { ssoModule } from '../modules/sso';
import { statsModule } from '../modules/stats';
import { tagsModule } from '../modules/tags';
import { templatesModule } from '../modules/templates';
import { webhooksModule } from '../modules/webhooks';
import { workspacesModule } from '../modules/workspaces';

/** The link types the plugin API shows (app/plugin-api.ts): the links module's. */
export type { LinkCreate, LinkServices } from '../modules/links';

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
  auditModule,
  adminModule,
  sessionsModule,
  mailModule,
  membersModule,
  invitesModule,
  domainsModule,
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
 * The paths the kernel routes by (site-only and reserved segments, keyless routes, body bounds), from
 * the descriptors. The reserved segments are never a slug: they join RESERVED_SEGMENTS here, as the
 * module list loads, before any process can write a link.
 */
export const SITE_PATHS = sitePaths(ALL);
reserveSegments(SITE_PATHS.reserved);

/** The one module that gives a part every process needs exactly once (identity, the short-link lane). */
function theOne<K extends keyof LinkhopModule>(part: K): NonNullable<LinkhopModule[K]> {
  const givers = ALL.filter((module) => module[part]);
  if (givers.length !== 1) throw new Error(`exactly one module gives ${part}; ${givers.map((m) => m.name).join(', ') || 'none'} do`);
  return givers[0]![part]!;
}

/** A process's access resolver: API keys and workspaces, with the sessions' and OAuth tokens' authenticators (core/deps.ts calls it). */
export const accessResolver = (base: Parameters<NonNullable<LinkhopModule['accessResolver']>>[0]): AccessResolver =>
  theOne('accessResolver')(base, theOne('sessionAuthenticator')(base), theOne('bearerAuthenticator')(base));

/** The short-link lane of a listening server (app/kernel.ts). */
export const shortLinkVisitor = (deps: Deps): ShortLinkVisitor => theOne('shortLinks')(deps);

/** Every module's operator commands (`bun run cli <name>`), in the module list's order. */
export const MODULE_COMMANDS: Readonly<Record<string, CliCommand>> = Object.fromEntries(ALL.flatMap((module) => Object.entries(module.commands ?? {})));

/** The services extension plugins call, acting as `actor`: each module's part. */
export function pluginServices(deps: Deps, actor: string): PluginServices {
  // every part declared on PluginServices is given by the module that declared it (the tests call each)
  return Object.assign({}, ...ALL.map((module) => module.pluginServices?.(deps, actor) ?? {}));
}

/**
 * What every process needs of every module, once, as its deps are made (app/deps.ts): the bus
 * handlers (a link a plugin job creates in a worker meets the same checks, an event emitted there
 * reaches the same subscribers, as in the server), then the job processors.
 */
export function wireModules(deps: Deps): void {
  for (const module of ALL) module.hooks?.(deps);
  for (const module of ALL) module.jobs?.(deps);
}

/** The modules' repeating jobs, by name (what the API server schedules). */
export const scheduledJobs = (config: Deps['config']): string[] => ALL.flatMap((module) => (module.schedules?.(config) ?? []).map((s) => s.job));

/** The API server's part: repeating jobs scheduled, start-up work done (before the first request). */
export function startModules(deps: Deps): void {
  for (const module of ALL) {
    for (const { job, everyMs } of module.schedules?.(deps.config) ?? [])
      deps.queue.schedule(job, everyMs, {}).catch((err) => deps.log.warn({ err, job }, 'could not schedule a repeating job'));
    module.start?.(deps);
  }
}

/** The first restored row a module would not have stored (app/backup.ts), module by module. */
export async function checkRestoredModules(tx: DbOrTx, scope: RestoreScope): Promise<RefusedRow | undefined> {
  for (const module of ALL) {
    const refused = await module.checkRestored?.(tx, scope);
    if (refused) return refused;
  }
  return undefined;
}

/** What the API server checks before it listens, module by module: a throw stops the start. */
export async function checkModules(deps: Deps): Promise<void> {
  for (const module of ALL) await module.checkAtStart?.(deps);
}

/** The API server's shutdown, once no request is in flight and before the queue and database close. */
export async function stopModules(deps: Deps): Promise<void> {
  for (const module of ALL) await module.stop?.(deps);
}

/** A worker process's shutdown, before its queue and database close; one module's failure is logged and keeps none of the others from stopping. */
export async function stopWorkerModules(deps: Deps): Promise<void> {
  for (const module of ALL) await module.stopWorker?.(deps).catch((err) => deps.log.error({ err, module: module.name }, 'worker shutdown step failed'));
}
