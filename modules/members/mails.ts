import type { Role } from '../../core/plans';
import type { MailMessage } from '../mail';

/** The texts of the member notifications; the mail module only transports them. */

export function roleChangedMail(input: { to: string; workspaceName: string; oldRole: Role; newRole: Role }): MailMessage {
  return {
    to: input.to,
    subject: `Your role in ${input.workspaceName} is now ${input.newRole}`,
    text: `Your role in the Linkhop workspace "${input.workspaceName}" changed from ${input.oldRole} to ${input.newRole}.`,
  };
}

export function removedMail(input: { to: string; workspaceName: string }): MailMessage {
  return {
    to: input.to,
    subject: `You were removed from ${input.workspaceName}`,
    text: `You are no longer a member of the Linkhop workspace "${input.workspaceName}". Your API keys for it no longer work.`,
  };
}
