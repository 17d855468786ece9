import type { ApiAnswer } from '../../api';
import type { Role } from '../../session';

/** The API's roles, lowest rank first (core/plans.ts). */
export const ROLES: Role[] = ['viewer', 'editor', 'admin', 'owner'];
const rank = (role: Role) => ROLES.indexOf(role);

export type Member = ApiAnswer<'get', '/api/workspaces/{wsId}/members'>['members'][number];

/** The roles someone may give (an invite or a new role): never above their own. */
export const assignableRoles = (own: Role) => ROLES.filter((r) => rank(r) <= rank(own));

/**
 * The API's rules for changing a role (members/service.ts changeMemberRole): admins and owners,
 * never one's own role, and only an owner changes a member of equal or higher rank.
 */
export function canChangeRole(own: Role, meId: string, target: Member) {
  if (rank(own) < rank('admin') || target.id === meId) return false;
  return own === 'owner' || rank(target.role) < rank(own);
}

/**
 * The API's rules for removing (removeMember): admins and owners, never oneself, never a member of
 * higher rank, never the last owner.
 */
export function canRemove(own: Role, meId: string, target: Member, owners: number) {
  if (rank(own) < rank('admin') || target.id === meId) return false;
  if (target.role === 'owner' && owners <= 1) return false;
  return rank(target.role) <= rank(own);
}
