import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { clicks } from '../../modules/clicks/schema';
import { ClickBatchBuilder, type Click } from '../../modules/clicks/batch';
import { storeClicks, type ClickRecord } from '../../modules/clicks/service';
import { links } from '../../modules/links/schema';
import type { TestApp } from './app';

export type LinkRef = { id: string; workspace_id: string; domain: string; slug: string };

/** A click of `link` as the redirect hands it over: now, with no visitor facts but those given. */
export const clickOf = (link: LinkRef, facts: Partial<Click> = {}): Click => ({
  link_id: link.id,
  workspace_id: link.workspace_id,
  domain: link.domain,
  slug: link.slug,
  clicked_at: Date.now(),
  country: null,
  referer: null,
  browser: null,
  os: null,
  device: null,
  language: null,
  visitor: null,
  variant: null,
  ...facts,
});

/** Stores clicks of a link through the click pipeline's own write (it also raises `click_count`). */
export async function seedClicks(
  t: TestApp,
  link: LinkRef,
  clicks: (Partial<Pick<ClickRecord, 'country' | 'referer' | 'browser' | 'os' | 'device' | 'language' | 'visitor'>> & { at?: Date })[],
): Promise<void> {
  const batch = new ClickBatchBuilder();
  for (const { at, ...c } of clicks) {
    batch.add(clickOf(link, { clicked_at: (at ?? new Date()).getTime(), ...c }));
  }
  await storeClicks(t.deps.db, batch.build());
}

/** What the click pipeline stored for links: `clicks` rows and the sum of their `click_count`. */
export async function storedClicks(db: Db, linkIds: string[]): Promise<{ rows: number; counted: number }> {
  const [rows] = await db.select({ n: sql<number>`count(*)::int` }).from(clicks).where(inArray(clicks.linkId, linkIds));
  const [counted] = await db
    .select({ n: sql<number>`coalesce(sum(${links.clickCount}), 0)::int` })
    .from(links)
    .where(inArray(links.id, linkIds));
  return { rows: rows?.n ?? 0, counted: counted?.n ?? 0 };
}
