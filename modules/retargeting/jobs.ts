import type { Deps } from '../../core/deps';
import type { ClickRecord } from '../../core/hooks';
import { analyticsAccounts } from '../workspaces';
import { forwardsToFb, forwardsToGa, sendToFb, sendToGa } from './analytics';

/** whether a workspace forwards clicks anywhere, remembered in process; `workspace.changed` drops it everywhere */
const ACCOUNTS_MEMO_MS = 60_000;
const accountsCacheKey = (workspaceId: string) => `retargeting:forwarding:${workspaceId}`;

/**
 * Analytics forwarding: after a click batch is stored (`clicks.recorded`, in whichever process
 * runs the click job, hence registered here and not in the module plugin), one `analytics.forward`
 * job per workspace. The job loads the workspace's secrets and sends; a destination that fails is
 * retried in a job of its own, so the other one is not sent twice.
 */
export function registerJobs(deps: Deps) {
  const forwarding = (workspaceId: string) =>
    deps.cache.remember(accountsCacheKey(workspaceId), ACCOUNTS_MEMO_MS, async () => {
      const accounts = await analyticsAccounts(deps, workspaceId);
      return Boolean(accounts && (forwardsToGa(accounts) || forwardsToFb(accounts)));
    });
  deps.bus.on('workspace.changed', ({ workspaceId }) => deps.cache.invalidate(accountsCacheKey(workspaceId)), { source: 'retargeting' });
  deps.bus.on(
    'clicks.recorded',
    async (recorded) => {
      const forwarded = new Set<string>();
      for (const id of recorded.workspaceIds) if (await forwarding(id)) forwarded.add(id);
      // most workspaces forward nowhere: their clicks are never even built into records
      if (!forwarded.size) return;
      const byWorkspace = new Map<string, ClickRecord[]>();
      for (const click of recorded.clicks) {
        if (!forwarded.has(click.workspace_id)) continue;
        const list = byWorkspace.get(click.workspace_id);
        if (list) list.push(click);
        else byWorkspace.set(click.workspace_id, [click]);
      }
      for (const [workspaceId, list] of byWorkspace) {
        await deps.queue.enqueue('analytics.forward', { workspaceId, clicks: list }, { jobId: `analytics-${workspaceId}-${list[0]!.id}` });
      }
    },
    { source: 'retargeting' },
  );

  deps.queue.register('analytics.forward', async ({ workspaceId, clicks, destinations }) => {
    const accounts = await analyticsAccounts(deps, workspaceId);
    if (!accounts) return;
    const sends = { ga: forwardsToGa(accounts) ? sendToGa : undefined, fb: forwardsToFb(accounts) ? sendToFb : undefined };
    const wanted = (destinations ?? ['ga', 'fb']).filter((d) => sends[d]);
    if (!wanted.length) return;
    if (wanted.length === 1) return sends[wanted[0]!]!(deps.config, accounts, clicks);
    const results = await Promise.allSettled(wanted.map((d) => sends[d]!(deps.config, accounts, clicks)));
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') return;
      const destination = wanted[i]!;
      deps.log.warn({ err: result.reason, workspaceId, destination }, 'analytics forward failed; retrying alone');
      void deps.queue.enqueue(
        'analytics.forward',
        { workspaceId, clicks, destinations: [destination] },
        { jobId: `analytics-${workspaceId}-${clicks[0]!.id}-${destination}` },
      );
    });
  });
}
