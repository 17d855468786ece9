import type { Deps } from '../../core/deps';
import type { ClickRecord, HookMap } from '../../core/hooks';
import { LIMITS } from '../../core/plans';
import { enqueueDelivery, payloadOf, subscribedWebhooks } from './service';

/** One click of a `link.clicked` delivery: what the stats show of it, never the IP or the raw User-Agent. */
export interface ClickedItem {
  click_id: string;
  link_id: string;
  domain: string;
  slug: string;
  clicked_at: string;
  country: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
  referer: string | null;
}

const clickedItem = (c: ClickRecord): ClickedItem => ({
  click_id: c.id,
  link_id: c.link_id,
  domain: c.domain,
  slug: c.slug,
  clicked_at: new Date(c.clicked_at).toISOString(),
  country: c.country,
  device: c.device,
  browser: c.browser,
  os: c.os,
  referer: c.referer,
});

interface Pending {
  workspaceId: string;
  clicks: ClickedItem[];
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * `link.clicked` deliveries, made from stored click batches (`clicks.recorded`), never per visit: the
 * redirect path does not know about them. A process that stores clicks collects each subscribed
 * webhook's clicks and queues a delivery as soon as it holds `webhookClicksPerDelivery` of them, or
 * `webhookClicksWindowMs` after the first one waiting: a burst of n clicks on a busy link is
 * ceil(n / 100) deliveries, a quiet link's click arrives within the window. Once queued, a delivery
 * is a `webhooks.deliver` job like any other (signed, logged, one attempt, run once per payload id);
 * `clicks.recorded` carries only rows inserted now, so a re-run click batch adds no click twice.
 * What waits here is held in memory: a process's shutdown queues it (the server's module stop, a
 * worker's signal handler), a crash loses at most one window.
 */
export class ClickDeliveries {
  private readonly pending = new Map<string, Pending>();
  /** set by close(): clicks stored after it (jobs the stopping process still finishes) are queued at once */
  private closing = false;

  constructor(
    private readonly deps: Deps,
    private readonly perDelivery: number = LIMITS.webhookClicksPerDelivery,
    private readonly windowMs: number = LIMITS.webhookClicksWindowMs,
  ) {}

  async recorded(recorded: HookMap['clicks.recorded']): Promise<void> {
    const targets = new Map<string, string[]>();
    for (const workspaceId of recorded.workspaceIds) {
      const webhookIds = await subscribedWebhooks(this.deps, workspaceId, 'link.clicked');
      if (webhookIds.length) targets.set(workspaceId, webhookIds);
    }
    // most workspaces subscribe to no clicks: their batch is never even built into records
    if (!targets.size) return;
    const byWorkspace = new Map<string, ClickedItem[]>();
    for (const click of recorded.clicks) {
      if (!targets.has(click.workspace_id)) continue;
      const list = byWorkspace.get(click.workspace_id);
      if (list) list.push(clickedItem(click));
      else byWorkspace.set(click.workspace_id, [clickedItem(click)]);
    }
    for (const [workspaceId, items] of byWorkspace) {
      for (const webhookId of targets.get(workspaceId)!) await this.add(webhookId, workspaceId, items);
    }
  }

  private async add(webhookId: string, workspaceId: string, items: ClickedItem[]) {
    let pending = this.pending.get(webhookId);
    if (!pending) this.pending.set(webhookId, (pending = { workspaceId, clicks: [] }));
    for (const item of items) pending.clicks.push(item);
    // full deliveries go now; the rest (this batch's last clicks then) waits for more, at most the window
    if (pending.clicks.length >= this.perDelivery) {
      clearTimeout(pending.timer);
      pending.timer = undefined;
      while (pending.clicks.length >= this.perDelivery) await this.send(webhookId, workspaceId, pending.clicks.splice(0, this.perDelivery));
    }
    if (!pending.clicks.length) {
      if (this.pending.get(webhookId) === pending) this.pending.delete(webhookId);
      clearTimeout(pending.timer);
      return;
    }
    if (this.closing) return this.flush(webhookId);
    pending.timer ??= setTimeout(() => {
      this.flush(webhookId).catch((err) => this.deps.log.error({ err, webhookId }, 'link.clicked delivery not queued'));
    }, this.windowMs);
    pending.timer.unref?.();
  }

  /** Queues what waits for one webhook (several deliveries when it holds more than one's worth). */
  private async flush(webhookId: string) {
    const pending = this.pending.get(webhookId);
    if (!pending) return;
    this.pending.delete(webhookId);
    clearTimeout(pending.timer);
    while (pending.clicks.length) await this.send(webhookId, pending.workspaceId, pending.clicks.splice(0, this.perDelivery));
  }

  private send(webhookId: string, workspaceId: string, clicks: ClickedItem[]) {
    return enqueueDelivery(this.deps, webhookId, payloadOf('link.clicked', workspaceId, { clicks }));
  }

  /** Queues every waiting click now, and later ones as they come (a process's shutdown, before the queue closes). */
  async close(): Promise<void> {
    this.closing = true;
    for (const webhookId of [...this.pending.keys()]) await this.flush(webhookId);
  }
}

const perDeps = new WeakMap<Deps, ClickDeliveries>();

/** The process's `link.clicked` collector (one per deps). */
export function clickDeliveries(deps: Deps): ClickDeliveries {
  let collector = perDeps.get(deps);
  if (!collector) perDeps.set(deps, (collector = new ClickDeliveries(deps)));
  return collector;
}

/** A stopping process's last word: the `link.clicked` clicks still waiting are queued now. */
export const queueWaitingClicks = (deps: Deps): Promise<void> => clickDeliveries(deps).close();

/**
 * Subscribes the collector to stored click batches. Registered with the job processors (as
 * analytics forwarding is), since `clicks.recorded` runs in whichever process stores clicks: the
 * embedded server, or a `clicks` worker. A failure is logged and never fails the click batch.
 */
export function forwardClicksToWebhooks(deps: Deps) {
  deps.bus.on(
    'clicks.recorded',
    (recorded) =>
      clickDeliveries(deps)
        .recorded(recorded)
        .catch((err) => deps.log.error({ err }, 'link.clicked deliveries not queued')),
    { source: 'webhooks' },
  );
}
