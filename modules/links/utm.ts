import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { links } from './schema';

export const UTM_KEYS = ['source', 'medium', 'campaign'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/**
 * The `utm_<key>` a link sends: its own UTM parameter (the redirect's UTM stage lets it win), else
 * the one its target already carries (as written in the URL); null when neither has it.
 */
const sentUtm = (key: UtmKey): SQL<string | null> =>
  sql`coalesce(nullif(${links.utmParams}->>${key}, ''), substring(${links.target} from ${`[?&]utm_${key}=([^&#]+)`}))`;

/** What the links of a workspace are matched on: each given list matches any of its values, and all lists must match. */
export interface LinkMatch {
  link?: string[];
  tag?: string[];
  domain?: string[];
  utm_source?: string[];
  utm_medium?: string[];
  utm_campaign?: string[];
}

/** The ids of the workspace's links matching every given list. */
export async function linkIdsMatching(db: DbOrTx, workspaceId: string, m: LinkMatch): Promise<string[]> {
  const conditions: (SQL | undefined)[] = [eq(links.workspaceId, workspaceId)];
  if (m.link) conditions.push(inArray(links.id, m.link));
  if (m.tag) conditions.push(sql`${links.tags} && ${`{${m.tag.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`);
  if (m.domain) conditions.push(inArray(links.domain, m.domain));
  for (const key of UTM_KEYS) {
    const values = m[`utm_${key}`];
    if (values) conditions.push(inArray(sentUtm(key), values));
  }
  const rows = await db
    .select({ id: links.id })
    .from(links)
    .where(and(...conditions));
  return rows.map((r) => r.id);
}

/** The UTM source, medium and campaign each of the workspace's given links sends. */
export async function sentUtmOf(db: DbOrTx, workspaceId: string, ids: string[]): Promise<Map<string, Record<UtmKey, string | null>>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: links.id, source: sentUtm('source'), medium: sentUtm('medium'), campaign: sentUtm('campaign') })
    .from(links)
    .where(and(eq(links.workspaceId, workspaceId), inArray(links.id, ids)));
  return new Map(rows.map(({ id, ...utm }) => [id, utm]));
}
