import { and, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { clickIdTime } from './batch';
import type { FacetDimension } from './facets';
import { refererHost } from './rollup';
import { clicks } from './schema';

/**
 * A click's time lies within this much of the time in its id (its batch's UUIDv7, made at the
 * batch's first click; a batch is handed over 100 ms later or when full): generous bounds, so that
 * a lookup by id reads one workspace's clicks of a few minutes through `clicks_workspace_time_idx`.
 */
const BEFORE_ID_MS = 60_000;
const AFTER_ID_MS = 10 * 60_000;

/** A stored click: its link, time and visitor dimensions as the facet rollups keep them ('' unknown; the referrer's host). */
export interface StoredClick extends Record<FacetDimension, string> {
  id: string;
  linkId: string;
  clickedAt: Date;
  /** the A/B variant that served it ('' none) */
  variant: string;
}

/** The workspace's stored click `id` (null: none, or `id` is no click id). */
export async function findClick(db: DbOrTx, workspaceId: string, id: string): Promise<StoredClick | null> {
  const at = clickIdTime(id);
  if (at === undefined) return null;
  const [row] = await db
    .select({
      id: clicks.id,
      linkId: clicks.linkId,
      clickedAt: clicks.clickedAt,
      country: clicks.country,
      referer: clicks.referer,
      browser: clicks.browser,
      os: clicks.os,
      device: clicks.device,
      variant: clicks.variant,
    })
    .from(clicks)
    .where(
      and(
        eq(clicks.workspaceId, workspaceId),
        gte(clicks.clickedAt, new Date(at - BEFORE_ID_MS)),
        lt(clicks.clickedAt, new Date(at + AFTER_ID_MS)),
        eq(clicks.id, id),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { referer, ...click } = row;
  return {
    ...click,
    country: click.country ?? '',
    referrer: refererHost(referer) ?? '',
    browser: click.browser ?? '',
    os: click.os ?? '',
    device: click.device ?? '',
    variant: click.variant ?? '',
  };
}

/** Whether a click `id` may still be on its way to storage (its time is recent): worth waiting for. */
export function mayBeInFlight(id: string, withinMs: number, now = Date.now()): boolean {
  const at = clickIdTime(id);
  return at !== undefined && at <= now + 1000 && at > now - withinMs;
}
