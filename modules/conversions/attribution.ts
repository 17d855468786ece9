import type { Deps } from '../../core/deps';
import { ApiError, notFound } from '../../core/errors';
import { clickRecorder, findClick, mayBeInFlight, type StoredClick } from '../clicks';

const DAY_MS = 86_400_000;
/**
 * A click id this recent and not stored yet may be on its way to storage (in a process's click batch,
 * the click spool or the queue): it is waited for up to WAIT_MS before the answer is 404.
 */
const IN_FLIGHT_MS = 10 * 60_000;
const WAIT_MS = 5000;
const POLL_MS = [25, 50, 100, 200, 400];

/**
 * The workspace's click `clickId`, for a lead: 404 when there is none (or it is another
 * workspace's), 410 when it is older than the workspace's attribution window. A customer's server
 * calls right after the visit, while the click is still batched: this process hands its own batch
 * over at once, and the lookup is repeated until the click is stored (batches of other processes
 * reach storage within a flush interval and a worker's turn).
 */
export async function attributableClick(deps: Deps, workspaceId: string, clickId: string, windowDays: number): Promise<StoredClick> {
  const click =
    (await findClick(deps.db, workspaceId, clickId)) ?? (mayBeInFlight(clickId, IN_FLIGHT_MS) ? await waitForClick(deps, workspaceId, clickId) : null);
  if (!click) throw notFound('Click');
  if (click.clickedAt.getTime() < Date.now() - windowDays * DAY_MS) throw new ApiError(410, `Click older than the attribution window of ${windowDays} days`);
  return click;
}

async function waitForClick(deps: Deps, workspaceId: string, clickId: string): Promise<StoredClick | null> {
  const deadline = Date.now() + WAIT_MS;
  // our own batch: handed over now (embedded, stored once the flush resolves); never waited on past the deadline
  const flushed = clickRecorder(deps).flush();
  await Promise.race([flushed, Bun.sleep(WAIT_MS)]);
  for (let attempt = 0; ; attempt++) {
    const click = await findClick(deps.db, workspaceId, clickId);
    if (click || Date.now() >= deadline) return click;
    await Bun.sleep(Math.min(POLL_MS[Math.min(attempt, POLL_MS.length - 1)]!, Math.max(0, deadline - Date.now())));
  }
}
