import { t } from 'elysia';
import { Role } from '../../core/model';
import { Member } from '../members';

export const PendingInviteItem = t.Object({ email: t.String(), role: Role, createdAt: t.String() });
export const MembersList = t.Object({ members: t.Array(Member), pendingInvites: t.Array(PendingInviteItem) });

export const CreateInviteBody = t.Object({
  email: t.String({ maxLength: 254 }),
  role: t.Optional(t.String({ description: 'owner, admin, editor or viewer; default viewer; never above your own role' })),
});
export const ResentInvite = t.Object({ id: t.String(), email: t.String(), role: Role, expires_at: t.String() });
export const CreatedInvite = t.Object({
  id: t.String(),
  email: t.String(),
  role: Role,
  token: t.String({ description: 'The invite token: the credential of the accept call (also in the invite list and the invitation e-mail)' }),
  expires_at: t.String(),
});
export const Invite = t.Object({
  id: t.String(),
  workspace_id: t.String(),
  email: t.String(),
  role: Role,
  token: t.String({
    description:
      "The invite token, the one that accepts the invite (kept sealed with the instance's secrets key). Empty for an invite made before tokens were kept: resend it for a new one",
  }),
  invited_by: t.String({ description: 'User ID' }),
  invited_by_email: t.String(),
  expires_at: t.String(),
  accepted_at: t.Union([t.String(), t.Null()]),
  created_at: t.String(),
});
export const InviteParams = t.Object({ wsId: t.String(), inviteId: t.String() });

export const AcceptParams = t.Object({ token: t.String({ maxLength: 200 }) });
export const AcceptBody = t.Optional(t.Object({ name: t.Optional(t.String({ maxLength: 100 })) }));
export const Accepted = t.Object({
  workspace_id: t.String(),
  user_id: t.String(),
  role: Role,
  api_key: t.String({ description: 'A new key for the workspace with the invited role, shown once' }),
});
