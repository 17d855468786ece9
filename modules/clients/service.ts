import type { Db } from '../../core/db';
import type { Deps } from '../../core/deps';
import { iso } from '../../core/format';
import type { Plan } from '../../core/plans';
import { linkTotalsByWorkspace } from '../links';
import { createClientWorkspace, listClientWorkspaces } from '../workspaces';

/** A client workspace under an Agency workspace, within the plan's client limit. */
export async function createClient(deps: Deps, parent: { id: string; plan: Plan }, userId: string, input: { name: string; slug?: string }) {
  return createClientWorkspace(deps, { parentId: parent.id, parentPlan: parent.plan, userId, name: input.name, slug: input.slug });
}

export async function listClients(db: Db, parentId: string) {
  const rows = await listClientWorkspaces(db, parentId);
  const totals = await linkTotalsByWorkspace(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    plan: r.plan,
    parent_workspace_id: parentId,
    link_count: totals.get(r.id)?.links ?? 0,
    click_count: totals.get(r.id)?.clicks ?? 0,
    created_at: iso(r.createdAt),
  }));
}
