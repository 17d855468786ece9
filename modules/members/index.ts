// The members module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { Member } from './model';
export {
  addMember,
  copyOwners,
  ensureUser,
  hasProvenMailbox,
  refusedForLackOfProof,
  markMailboxProven,
  findUserByEmail,
  getUser,
  hasUsers,
  isEmail,
  isMemberByEmail,
  isOperator,
  listMembers,
  listUsers,
  lockMembership,
  memberCounts,
  memberRoles,
  membershipRole,
  membershipsOfUser,
  normalizeEmail,
  parseRole,
  rememberedMembershipRole,
  setOperator,
  usersByIds,
} from './service';
export type { ActingIn, User } from './service';
export { membersModule } from './module';
