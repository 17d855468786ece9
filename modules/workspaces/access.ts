import type { AccessResolver } from '../../core/access';
import type { Deps } from '../../core/deps';
import { roleRank, type Role } from '../../core/plans';
import { createAuthenticator } from '../api-keys';
import { rememberedMembershipRole } from '../members';
import { rememberedWorkspace } from './service';

/**
 * A key acts in its own workspace and in that workspace's client workspaces (an agency manages
 * its clients with its own keys); a dashboard session acts in every workspace its user belongs to.
 * The effective role is the user's current membership role, capped by the key's role for a key,
 * so removing a member or changing a role takes effect on their keys and sessions at once.
 * Both reads are remembered in process and dropped everywhere by the writes that change them: an
 * API request costs no query for its access check once its workspace and caller have been seen.
 * Sessions are authenticated by the sessions module (`authenticateSession`), OAuth access tokens by
 * the oauth module (`authenticateBearer`), both given by the kernel.
 */
export function createAccessResolver(
  deps: Omit<Deps, 'access'>,
  authenticateSession: AccessResolver['authenticateSession'],
  authenticateBearer: AccessResolver['authenticateBearer'],
): AccessResolver {
  return {
    authenticate: createAuthenticator(deps.db, deps.cache),
    authenticateSession,
    authenticateBearer,
    async workspaceAccess(actor, workspaceId) {
      const ws = await rememberedWorkspace(deps, workspaceId);
      if (!ws) return null;
      if (actor.via === 'key' && ws.id !== actor.keyWorkspaceId && ws.parentWorkspaceId !== actor.keyWorkspaceId) return null;
      const member = await rememberedMembershipRole(deps, ws.id, actor.userId);
      if (!member) return null;
      const cap = actor.via === 'key' ? actor.keyRole : null;
      const role: Role = cap && roleRank(cap) < roleRank(member) ? cap : member;
      return {
        id: ws.id,
        name: ws.name,
        slug: ws.slug,
        plan: ws.plan,
        parentWorkspaceId: ws.parentWorkspaceId,
        defaultUtmParams: ws.defaultUtmParams,
        role,
      };
    },
  };
}
