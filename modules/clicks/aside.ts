import { and, count, eq, gte, inArray, isNotNull, lt, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { clicks, linkBotDays } from './schema';
import type { ClickFilter } from './stats';

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Bot visits (counted aside, never clicks) of the filter's workspace and links in its range (whole
 * UTC days); null under a filter on visitor dimensions: bot visits keep none.
 */
export async function botVisits(db: DbOrTx, f: ClickFilter): Promise<number | null> {
  if (f.facets) return null;
  if (f.linkIds && !f.linkIds.length) return 0;
  const t = linkBotDays;
  const [row] = await db
    .select({ visits: sum(t.visits).mapWith(Number) })
    .from(t)
    .where(
      and(
        eq(t.workspaceId, f.workspaceId),
        f.linkId ? eq(t.linkId, f.linkId) : undefined,
        f.linkIds ? inArray(t.linkId, f.linkIds) : undefined,
        f.from ? gte(t.day, dayOf(f.from)) : undefined,
        f.to ? lt(t.day, dayOf(f.to)) : undefined,
      ),
    );
  return row?.visits ?? 0;
}

/**
 * A link's clicks per A/B variant (by name) in [from, to): read from the raw clicks through the
 * workspace-and-time index (no rollup keeps variants; an A/B test's range is what is read).
 */
export async function clicksByVariant(db: DbOrTx, workspaceId: string, linkId: string, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ variant: clicks.variant, clicks: count() })
    .from(clicks)
    .where(
      and(eq(clicks.workspaceId, workspaceId), gte(clicks.clickedAt, from), lt(clicks.clickedAt, to), eq(clicks.linkId, linkId), isNotNull(clicks.variant)),
    )
    .groupBy(clicks.variant);
  return new Map(rows.map((r) => [r.variant!, Number(r.clicks)]));
}
