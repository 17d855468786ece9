import { pageWindow } from '../../core/model';
import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../core/config';
import { containsText, type Db } from '../../core/db';
import { badRequest } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import { parseExpiresAt } from './checks';
import type { LinkSort } from './model';
import { links } from './schema';
import { linkView } from './view';

export interface ListQuery {
  page?: number;
  limit?: number;
  domain?: string;
  prefix?: string;
  tag?: string;
  q?: string;
  target?: string;
  from?: string;
  to?: string;
  sort?: LinkSort;
  order?: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  created_at: links.createdAt,
  updated_at: links.updatedAt,
  click_count: links.clickCount,
  slug: links.slug,
  title: links.title,
  target: links.target,
} satisfies Record<LinkSort, unknown>;

/** `from`/`to` of the list: a timestamp as given; a bare date covers that whole UTC day. */
function createdBound(name: 'from' | 'to', value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  let date: Date;
  try {
    date = parseExpiresAt(value);
  } catch {
    throw badRequest(`Invalid query parameter ${name}: expected an ISO 8601 date or timestamp`, { field: name });
  }
  if (name === 'to' && /^\d{4}-\d{2}-\d{2}$/.test(value)) date = new Date(date.getTime() + 86_400_000 - 1);
  return date;
}

export async function listLinks(db: Db, config: Config, workspaceId: string, q: ListQuery) {
  const { page, limit, offset } = pageWindow(q, LIMITS.linkPageMax);
  const where: SQL[] = [eq(links.workspaceId, workspaceId)];
  const domain = q.domain?.trim().toLowerCase() || (q.prefix ? config.defaultDomain : undefined);
  if (domain) where.push(eq(links.domain, domain));
  if (q.prefix) where.push(sql`starts_with(${links.slug}, ${q.prefix})`);
  if (q.tag) where.push(sql`${links.tags} @> array[${q.tag}]::text[]`);
  const search = q.q?.trim().toLowerCase();
  if (search) where.push(or(containsText(links.slug, search), containsText(links.target, search), containsText(links.title, search))!);
  if (q.target) where.push(eq(links.target, q.target));
  const from = createdBound('from', q.from);
  const to = createdBound('to', q.to);
  if (from) where.push(gte(links.createdAt, from));
  if (to) where.push(lte(links.createdAt, to));
  const condition = and(...where);
  const direction = q.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[q.sort ?? 'created_at'];
  // links without a title come last in either direction
  const order = q.sort === 'title' ? [sql`${column} is null`, direction(column)] : [direction(column)];
  // the page and the total in one statement; only a page past the end needs its own count
  const rows = await db
    .select({ link: links, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(links)
    .where(condition)
    .orderBy(...order, direction(links.id))
    .limit(limit)
    .offset(offset);
  const total = rows[0]?.total ?? (page > 1 ? await db.$count(links, condition) : 0);
  return { links: rows.map((r) => linkView(r.link, config)), total, page, limit };
}
