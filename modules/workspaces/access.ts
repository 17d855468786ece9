import type { AccessResolver } from '../../core/access';
import type { Deps } from '../../core/deps';
import { roleRank, type Plan, type Role } from '../../core/plans';
import { createAuthenticator } from '../api-keys/service';
import { rememberedMembershipRole } from '../members/service';
import { rememberedWorkspace } from './service';

/**
 * A key acts in its own workspace and in that workspace's client workspaces (an agency manages
 * its clients with its own keys). The effective role is the key's role capped by the user's
 * current membership, so removing a member or lowering a role takes effect on their keys at once.
 * Both reads are remembered in process and dropped everywhere by the writes that change them: an
 * API request costs no query for its access check once its workspace and caller have been seen.
 */
export function createAccessResolver(deps: Deps): AccessResolver {
  return {
    authenticate: createAuthenticator(deps.db, deps.cache),
    async workspaceAccess(actor, workspaceId) {
      const ws = await rememberedWorkspace(deps, workspaceId);
      if (!ws) return null;
      if (ws.id !== actor.keyWorkspaceId && ws.parentWorkspaceId !== actor.keyWorkspaceId) return null;
      const member = await rememberedMembershipRole(deps, ws.id, actor.userId);
      if (!member) return null;
      const role: Role = roleRank(member) < roleRank(actor.keyRole) ? member : actor.keyRole;
      return { id: ws.id, name: ws.name, slug: ws.slug, plan: ws.plan as Plan, parentWorkspaceId: ws.parentWorkspaceId, defaultUtmParams: ws.defaultUtmParams, role };
    },
  };
}
