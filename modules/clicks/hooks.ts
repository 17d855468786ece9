import type { Deps } from '../../core/deps';

/** Click rows have no foreign keys: a link's or a workspace's deletion cascades to its clicks as a job. */
export function registerClicks(deps: Deps) {
  const forget = (data: { workspaceId: string; linkId?: string }) =>
    deps.queue.enqueue('clicks.forget', data, { attempts: 20 }).catch((err) => deps.log.error({ err, ...data }, 'click removal not queued'));
  deps.bus.on('link.deleted', ({ workspaceId, data }) => forget({ workspaceId, linkId: data.id }), { source: 'clicks' });
  deps.bus.on('workspace.changed', ({ workspaceId }) => forget({ workspaceId }), { source: 'clicks' });
}
