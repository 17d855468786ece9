import { t } from 'elysia';
import { Role } from '../../core/model';

export const Member = t.Object({
  id: t.String({ description: 'User ID' }),
  email: t.String(),
  name: t.Union([t.String(), t.Null()]),
  role: Role,
  joined_at: t.String(),
});

export const MemberParams = t.Object({ wsId: t.String(), userId: t.String() });
/** Roles are checked in the service so a wrong value gets the documented plain 400 message. */
export const UpdateRoleBody = t.Object({ role: t.String({ description: 'owner, admin, editor or viewer' }) });
