import type { DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { ApiError, type ErrorCode, nested, taken } from '../../core/errors';
import { newId } from '../../core/format';
import type { LinkBeforeCreate } from '../../core/hooks';
import { RATE_LIMITS } from '../../core/plans';
import { shortUrl } from '../../core/hosts';
import { recordAudit, recordAudits } from '../audit';
import { linkCreateInput } from './input';
import type { LinkCreate } from './model';
import { links } from './schema';
import { linkCacheKey } from './short-url';
import { generateSlug, SLUG_ATTEMPTS, slugsExhausted } from './slugs';
import { prepareNewLink, type LinkContext, type NewLinkValues } from './validate';
import type { LinkRow } from './view';

/**
 * What an import carries over from the tool a link comes from, beside its fields: when it was made
 * there, the clicks counted there (kept apart from the clicks measured here) and that tool's name.
 * Never taken from a create body: only the importer passes it.
 */
export interface ImportedHistory {
  createdAt?: Date;
  /** a Linkhop export's own `updated_at` (a restore keeps it) */
  updatedAt?: Date;
  importedClicks?: number;
  importedFrom: string;
}

/** Insert one link; a generated slug is retried on collision, a custom one answers 409. */
async function insertLink(db: DbOrTx, ctx: LinkContext, values: NewLinkValues, history?: ImportedHistory): Promise<LinkRow> {
  for (let attempt = 1; ; attempt++) {
    const slug = values.slug ?? generateSlug();
    const [row] = await db
      .insert(links)
      .values({ ...values, ...history, slug, id: newId(), workspaceId: ctx.workspaceId, createdBy: ctx.userId })
      .onConflictDoNothing({ target: [links.domain, links.slug] })
      .returning();
    if (row) return row;
    if (values.slug !== undefined) throw taken('slug', `Slug "${slug}" already exists on ${values.domain}`);
    if (attempt >= SLUG_ATTEMPTS) throw slugsExhausted();
  }
}

function announceCreated(deps: Deps, ctx: LinkContext, rows: LinkRow[]) {
  for (const row of rows) {
    void deps.bus.emit('link.created', {
      workspaceId: ctx.workspaceId,
      userId: ctx.userId,
      data: { id: row.id, domain: row.domain, slug: row.slug, target: row.target, title: row.title, short_url: shortUrl(deps.config, row.domain, row.slug) },
    });
  }
}

/**
 * New links with a custom slug drop a briefly cached "not found" for their short URL in every
 * process (someone may have tried the URL before it existed). A generated slug is new: nobody can
 * have visited it, so its create skips that Redis round trip and the other processes' answers.
 */
async function dropNotFound(deps: Deps, created: { row: LinkRow; custom: boolean }[]) {
  const keys = created.filter((c) => c.custom).map(({ row }) => linkCacheKey(row.domain, row.slug));
  if (keys.length) await deps.cache.invalidate(...keys);
}

const createEntry = (ctx: LinkContext, row: LinkRow) => ({
  workspaceId: ctx.workspaceId,
  userId: ctx.userId,
  action: 'link.create',
  details: { id: row.id, domain: row.domain, slug: row.slug, target: row.target, ...(ctx.via && { via: ctx.via }) },
});
const auditCreate = (db: DbOrTx, ctx: LinkContext, row: LinkRow) => recordAudit({ db, ...createEntry(ctx, row) });

/** Rows one INSERT takes (the parameters of 500 links stay far below PostgreSQL's 65,535). */
const INSERT_ROWS = 500;

/**
 * Several links inserted a statement at a time (an import of 20,000 rows made two round trips a row,
 * the link and its audit entry): rows the unique index turns away go one by one through `insertLink`,
 * so a generated slug that collided is drawn afresh and a custom one taken answers 409. In input order.
 */
async function insertLinks(
  db: DbOrTx,
  ctx: LinkContext,
  items: { index: number; values: NewLinkValues; history?: ImportedHistory }[],
  refused: (index: number, error: ApiError) => void,
): Promise<{ row: LinkRow; custom: boolean }[]> {
  const rows: { row: LinkRow; custom: boolean }[] = [];
  for (let start = 0; start < items.length; start += INSERT_ROWS) {
    const part = items.slice(start, start + INSERT_ROWS).map((item) => ({ ...item, id: newId() }));
    const made = await db
      .insert(links)
      .values(
        part.map(({ values, history, id }) => ({
          ...values,
          ...history,
          slug: values.slug ?? generateSlug(),
          id,
          workspaceId: ctx.workspaceId,
          createdBy: ctx.userId,
        })),
      )
      .onConflictDoNothing({ target: [links.domain, links.slug] })
      .returning();
    const byId = new Map(made.map((row) => [row.id, row]));
    for (const { index, values, history, id } of part) {
      let row = byId.get(id);
      if (!row) {
        try {
          row = await insertLink(db, ctx, values, history);
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 409) throw error;
          refused(index, error);
          continue;
        }
      }
      rows.push({ row, custom: values.slug !== undefined });
    }
  }
  await recordAudits(
    db,
    rows.map(({ row }) => createEntry(ctx, row)),
  );
  return rows;
}

/**
 * `link.beforeCreate`: governance and templates fill defaults or reject, after the schema and
 * before the rules. What a template fills passed the same schema when the template was saved.
 */
async function beforeCreate(deps: Deps, ctx: LinkContext, input: LinkCreate, source: LinkBeforeCreate['source']): Promise<LinkCreate> {
  const link: Record<string, unknown> = { ...input };
  await deps.bus.run('link.beforeCreate', { workspaceId: ctx.workspaceId, plan: ctx.plan, userId: ctx.userId, source, link });
  return link as LinkCreate;
}

/**
 * One link (API create, MCP). The create rate limit counts links created: a request refused for
 * any other reason takes no point, so 50 racing creates of one slug answer one 201 and 49 409s
 * (the unique index decides before the point is taken, inside the transaction).
 */
export async function createLink(deps: Deps, ctx: LinkContext, input: LinkCreate, source: LinkBeforeCreate['source'] = 'single'): Promise<LinkRow> {
  await deps.limiter.check('linkCreate', ctx.workspaceId, RATE_LIMITS.linkCreate);
  const link = await beforeCreate(deps, ctx, input, source);
  const values = await prepareNewLink(deps, deps.db, ctx, link);
  const row = await deps.db.transaction(async (tx) => {
    const row = await insertLink(tx, ctx, values);
    await auditCreate(tx, ctx, row);
    await deps.limiter.consume('linkCreate', ctx.workspaceId, RATE_LIMITS.linkCreate);
    return row;
  });
  await dropNotFound(deps, [{ row, custom: values.slug !== undefined }]);
  announceCreated(deps, ctx, [row]);
  return row;
}

/** An item left out: its place in the input, and the refusal it would have had alone (status, words, field, code). */
export interface ItemError {
  index: number;
  status: number;
  reason: string;
  field?: string;
  code: ErrorCode;
}
const itemError = (index: number, error: ApiError): ItemError => ({ index, status: error.status, reason: error.message, field: error.field, code: error.code });

/**
 * Several links in one transaction (bulk, import). Each item is checked against the single
 * create's schema first, so it is refused with the answer the single create would give. An item
 * failing validation (400) or whose custom slug is taken (409) is left out and reported in
 * `errors`; hook rejections (governance) and plan errors (402) reject the whole call, unless
 * `hookRejectionsPerItem` (import: a 400 from `link.beforeCreate` becomes that row's reason).
 * `dryRun`: everything but the commit (the transaction is rolled back, nothing announced): what
 * the call would create and refuse. `history[i]`: what import carries over for input i (creation
 * date, imported clicks).
 */
export async function createLinks(
  deps: Deps,
  ctx: LinkContext,
  inputs: readonly unknown[],
  source: LinkBeforeCreate['source'] = 'bulk',
  opts: { hookRejectionsPerItem?: boolean; dryRun?: boolean; history?: (ImportedHistory | undefined)[] } = {},
): Promise<{ created: LinkRow[]; errors: ItemError[] }> {
  const errors: ItemError[] = [];
  const prepared: { index: number; values: NewLinkValues }[] = [];
  for (const [index, input] of inputs.entries()) {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      errors.push({ index, status: 400, reason: 'expected a link object', code: 'invalid' });
      continue;
    }
    let link: LinkCreate | undefined;
    let hooked = false;
    try {
      link = linkCreateInput(input);
      link = await beforeCreate(deps, ctx, link, source);
      hooked = true;
      prepared.push({ index, values: await prepareNewLink(deps, deps.db, ctx, link) });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const rejectedByHook = link !== undefined && !hooked;
      // the whole request fails: say which item (0-based, as in the request's `links` array)
      if (rejectedByHook && !opts.hookRejectionsPerItem) throw nested(error, `links.${index}`, `${error.message} (links[${index}])`);
      errors.push(itemError(index, error));
    }
  }
  let rows: { row: LinkRow; custom: boolean }[] = [];
  const rolledBack = new Error('dry run: rolled back');
  const inserted = await deps.db
    .transaction(async (tx) => {
      rows = await insertLinks(
        tx,
        ctx,
        prepared.map(({ index, values }) => ({ index, values, history: opts.history?.[index] })),
        (index, error) => errors.push(itemError(index, error)),
      );
      if (opts.dryRun) throw rolledBack;
      return rows;
    })
    .catch((error) => {
      if (error !== rolledBack) throw error;
      return undefined;
    });
  errors.sort((a, b) => a.index - b.index);
  if (!inserted) return { created: rows.map((r) => r.row), errors };
  await dropNotFound(deps, inserted);
  const created = inserted.map((r) => r.row);
  announceCreated(deps, ctx, created);
  return { created, errors };
}
