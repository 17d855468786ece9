import { createHash } from 'node:crypto';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db';
import { ApiError, badRequest } from '../../core/errors';
import { iso, newId } from '../../core/format';
import { lockPlanLimit, withinPlanLimit } from '../../core/plan-limits';
import type { Plan } from '../../core/plans';
import { type LogoType, readLogo } from './logo-image';
import { qrLogos } from './schema';
import type { QrLogo } from './service';

type LogoRow = typeof qrLogos.$inferSelect;

/** What `logo=` names besides a logo id: the workspace's own logo. */
export const WORKSPACE_LOGO = 'workspace';

export function logoView(row: Omit<LogoRow, 'data'>) {
  return {
    id: row.id,
    content_type: row.contentType as LogoType,
    width: row.width,
    height: row.height,
    bytes: row.byteSize,
    workspace_logo: row.workspaceLogo,
    created_at: iso(row.createdAt),
  };
}

/** Every column but the file itself. */
const { data: _data, ...metadata } = getTableColumns(qrLogos);

const logoNotFound = (field?: string) => new ApiError(404, field ? 'Logo not found in this workspace' : 'Logo not found', { field, code: 'not_found' });

/** Makes `logoId` the workspace logo, taking the mark off any other, in `tx`. */
async function markWorkspaceLogo(tx: DbOrTx, workspaceId: string, logoId: string) {
  await tx
    .update(qrLogos)
    .set({ workspaceLogo: false })
    .where(and(eq(qrLogos.workspaceId, workspaceId), eq(qrLogos.workspaceLogo, true)));
  await tx
    .update(qrLogos)
    .set({ workspaceLogo: true })
    .where(and(eq(qrLogos.workspaceId, workspaceId), eq(qrLogos.id, logoId)));
}

/**
 * Stores an uploaded logo after `readLogo` has checked it. The same file again answers the logo
 * already stored (`created: false`), so a dashboard that uploads on every pick fills nothing up.
 */
export async function uploadLogo(
  db: Db,
  caller: { workspaceId: string; plan: Plan; userId: string },
  bytes: Uint8Array,
  asWorkspaceLogo: boolean,
): Promise<{ logo: ReturnType<typeof logoView>; created: boolean }> {
  const { type, image } = await readLogo(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return db.transaction(async (tx) => {
    await withinPlanLimit(tx, {
      resource: 'qrLogos',
      scopeId: caller.workspaceId,
      plan: caller.plan,
      count: async () => {
        // the same file again is no new logo: counted as room
        const same = await tx.$count(qrLogos, and(eq(qrLogos.workspaceId, caller.workspaceId), eq(qrLogos.sha256, sha256)));
        return same ? 0 : tx.$count(qrLogos, eq(qrLogos.workspaceId, caller.workspaceId));
      },
    });
    const [existing] = await tx
      .select({ id: qrLogos.id })
      .from(qrLogos)
      .where(and(eq(qrLogos.workspaceId, caller.workspaceId), eq(qrLogos.sha256, sha256)));
    const id = existing?.id ?? newId();
    if (!existing) {
      await tx.insert(qrLogos).values({
        id,
        workspaceId: caller.workspaceId,
        contentType: type,
        width: image.width,
        height: image.height,
        byteSize: bytes.byteLength,
        sha256,
        data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
        createdBy: caller.userId,
      });
    }
    if (asWorkspaceLogo) await markWorkspaceLogo(tx, caller.workspaceId, id);
    const [row] = await tx.select(metadata).from(qrLogos).where(eq(qrLogos.id, id));
    return { logo: logoView(row!), created: !existing };
  });
}

export async function listLogos(db: DbOrTx, workspaceId: string) {
  const rows = await db.select(metadata).from(qrLogos).where(eq(qrLogos.workspaceId, workspaceId)).orderBy(desc(qrLogos.createdAt), desc(qrLogos.id));
  return rows.map(logoView);
}

/** Marks or unmarks a logo of the workspace as its workspace logo. */
export async function setWorkspaceLogo(db: Db, workspaceId: string, logoId: string, workspaceLogo: boolean) {
  return db.transaction(async (tx) => {
    // the uploads' lock: one workspace logo at a time, whoever marks it
    await lockPlanLimit(tx, 'qrLogos', workspaceId);
    const [row] = await tx
      .select({ id: qrLogos.id })
      .from(qrLogos)
      .where(and(eq(qrLogos.workspaceId, workspaceId), eq(qrLogos.id, logoId)));
    if (!row) throw logoNotFound();
    if (workspaceLogo) await markWorkspaceLogo(tx, workspaceId, logoId);
    else await tx.update(qrLogos).set({ workspaceLogo: false }).where(eq(qrLogos.id, logoId));
    const [updated] = await tx.select(metadata).from(qrLogos).where(eq(qrLogos.id, logoId));
    return logoView(updated!);
  });
}

export async function deleteLogo(db: DbOrTx, workspaceId: string, logoId: string) {
  const deleted = await db
    .delete(qrLogos)
    .where(and(eq(qrLogos.workspaceId, workspaceId), eq(qrLogos.id, logoId)))
    .returning({ id: qrLogos.id });
  if (!deleted.length) throw logoNotFound();
}

/**
 * The logo `ref` names in the workspace: a logo id, or `workspace` for the workspace logo. Another
 * workspace's logo is not found, as one that does not exist. `field` names the request field in errors.
 */
export async function findLogo(db: DbOrTx, workspaceId: string, ref: string, field?: string): Promise<QrLogo> {
  const [row] = await db
    .select({ contentType: qrLogos.contentType, data: qrLogos.data })
    .from(qrLogos)
    .where(and(eq(qrLogos.workspaceId, workspaceId), ref === WORKSPACE_LOGO ? eq(qrLogos.workspaceLogo, true) : eq(qrLogos.id, ref)));
  if (!row) {
    if (ref === WORKSPACE_LOGO && field)
      throw badRequest('This workspace has no workspace logo: upload one with workspace_logo=true', { field, code: 'invalid' });
    throw logoNotFound(field);
  }
  return { type: row.contentType as LogoType, bytes: new Uint8Array(Buffer.from(row.data, 'base64')) };
}
