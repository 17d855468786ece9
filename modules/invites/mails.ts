import type { Role } from '../../core/plans';
import type { MailMessage } from '../mail';

/** The invitation e-mail; the mail module only transports it. */

export function inviteMail(input: {
  to: string;
  workspaceName: string;
  role: Role;
  inviterEmail: string;
  token: string;
  siteUrl: string;
  expiresAt: Date;
}): MailMessage {
  return {
    to: input.to,
    subject: `You are invited to join ${input.workspaceName} on Linkhop`,
    text: [
      `${input.inviterEmail} invited you to the workspace "${input.workspaceName}" as ${input.role}.`,
      '',
      'Open this link to accept the invitation:',
      `${input.siteUrl}/app/invite#token=${input.token}`,
      '',
      `The invitation expires on ${input.expiresAt.toISOString()}.`,
      `(Through the API: POST ${input.siteUrl}/api/invites/${input.token}/accept returns an API key for the workspace.)`,
      '',
      'If you did not expect this, ignore this e-mail.',
    ].join('\n'),
  };
}
