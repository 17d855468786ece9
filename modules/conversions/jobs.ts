import type { Deps } from '../../core/deps';
import { recordAudit } from '../audit';
import { AnalyticsError } from '../retargeting';
import { analyticsAccounts } from '../workspaces';
import { DESTINATION_NAMES, destinationsOf, forwardConversion, loadConversion, type ConversionKind } from './forwarding';

/** Tries in all: with the queue's backoff (200 ms doubling, at most 10 s) the last comes about 40 s after the first. */
const FORWARD_ATTEMPTS = 9;

/** 4xx answers other than these are refusals (a wrong secret, a bad pixel id): trying again would not help. */
const RETRIED_4XX = new Set([408, 429]);
const isRefusal = (error: unknown) => error instanceof AnalyticsError && error.status < 500 && !RETRIED_4XX.has(error.status);

/** Every new lead and sale, one job per destination the workspace has (a retry of one never re-sends to the other). */
export function enqueueForwarding(deps: Deps) {
  const enqueue = async (workspaceId: string, kind: ConversionKind, id: string) => {
    // one read per lead or sale (the secrets are not remembered in process); most workspaces forward nowhere
    const accounts = await analyticsAccounts(deps, workspaceId);
    for (const destination of accounts ? destinationsOf(accounts) : [])
      await deps.queue.enqueue(
        'analytics.conversion',
        { workspaceId, kind, id, destination },
        { jobId: `conversion-${destination}-${id}`, attempts: FORWARD_ATTEMPTS },
      );
  };
  deps.bus.on('lead.created', ({ workspaceId, data }) => enqueue(workspaceId, 'lead', data.lead_id), { source: 'conversions' });
  deps.bus.on('sale.created', ({ workspaceId, data }) => enqueue(workspaceId, 'sale', data.sale_id), { source: 'conversions' });
}

/**
 * The job loads the workspace's current settings (a destination removed since is skipped) and the
 * lead or sale, and sends. A refusal, or the last try's failure, is written to the workspace's
 * audit log (`conversion.forward_failed`), where the workspace's admins see it.
 */
export function registerForwardingJob(deps: Deps) {
  deps.queue.register('analytics.conversion', async ({ workspaceId, kind, id, destination }, { attempt }) => {
    const accounts = await analyticsAccounts(deps, workspaceId);
    if (!accounts || !destinationsOf(accounts).includes(destination)) return;
    const conversion = await loadConversion(deps.db, kind, id);
    if (!conversion) return;
    try {
      await forwardConversion(deps.config, accounts, destination, conversion);
    } catch (error) {
      const refused = isRefusal(error);
      if (refused || attempt + 1 >= FORWARD_ATTEMPTS)
        await recordAudit({
          db: deps.db,
          workspaceId,
          userId: null,
          action: 'conversion.forward_failed',
          details: { destination: DESTINATION_NAMES[destination], [`${kind}_id`]: id, attempts: attempt + 1, error: (error as Error).message.slice(0, 300) },
        });
      if (!refused) throw error;
    }
  });
}
