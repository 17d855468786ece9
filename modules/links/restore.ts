import { asc, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { ApiError } from '../../core/errors';
import type { RefusedRow, RestoreScope } from '../../core/module';
import { fieldsWith } from './fields';
import { linkPatchInput } from './input';
import { links } from './schema';
import { shortHosts } from './validate';
import type { LinkRow } from './view';

/** Rows read per page. */
const PAGE = 1000;

/** The stored fields a body can write, bar the password (stored only as its hash). */
const writable = fieldsWith('input').filter(([, field]) => field.column && !field.store);

/** A stored link as a body would give it: the API's names, dates as ISO 8601. */
const bodyOf = (row: LinkRow) =>
  Object.fromEntries(
    writable.map(([name, field]) => {
      const value = row[field.column!];
      return [name, value instanceof Date ? value.toISOString() : value];
    }),
  );

/**
 * A restore's check of the links (app/backup.ts, through the descriptor): each row as a PATCH body,
 * through the same schema and field rules as any write (http(s) URLs, no target looping to a short
 * domain of the restored instance, tags, UTM keys). Plan gates and the slug rules are not applied:
 * a backup restores what its instance allowed then.
 */
export async function checkRestoredLinks(tx: DbOrTx, scope: RestoreScope): Promise<RefusedRow | undefined> {
  const env = { isShortHost: shortHosts(tx, scope.defaultDomain) };
  for (let afterId = ''; ; ) {
    const rows = await tx.select().from(links).where(gt(links.id, afterId)).orderBy(asc(links.id)).limit(PAGE);
    for (const row of rows) {
      try {
        const body = linkPatchInput(bodyOf(row)) as Record<string, unknown>;
        for (const [name, field] of writable) if (field.check && body[name] !== null) await field.check(body[name], name, env);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { table: 'links', id: row.id, field: error.field ?? 'target', why: error.message };
      }
    }
    if (rows.length < PAGE) return undefined;
    afterId = rows.at(-1)!.id;
  }
}
