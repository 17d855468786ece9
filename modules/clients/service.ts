import type { Db } from '../../core/db';
import type { Deps } from '../../core/deps';
import { paymentRequired } from '../../core/errors';
import { iso } from '../../core/format';
import { planLimit, type Plan } from '../../core/plans';
import { linkTotalsByWorkspace } from '../links/queries';
import { createClientWorkspace, listClientWorkspaces } from '../workspaces/service';

/** A client workspace under an Agency workspace, within the plan's client limit. */
export async function createClient(deps: Deps, parent: { id: string; plan: Plan }, userId: string, input: { name: string; slug?: string }) {
  const max = planLimit(parent.plan, 'clientWorkspaces');
  if ((await listClientWorkspaces(deps.db, parent.id)).length >= max) {
    throw paymentRequired(`Client workspace limit reached: the ${parent.plan} plan allows ${max} client workspaces`);
  }
  return createClientWorkspace(deps, { parentId: parent.id, userId, name: input.name, slug: input.slug });
}

export async function listClients(db: Db, parentId: string) {
  const rows = await listClientWorkspaces(db, parentId);
  const totals = await linkTotalsByWorkspace(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    plan: r.plan as Plan,
    parent_workspace_id: parentId,
    link_count: totals.get(r.id)?.links ?? 0,
    click_count: totals.get(r.id)?.clicks ?? 0,
    created_at: iso(r.createdAt)!,
  }));
}
