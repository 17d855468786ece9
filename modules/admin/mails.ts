import type { MailMessage } from '../mail';

/** Who acted, as a mail names them: the operator signed in to the console, else the operator token or the command line. */
export const operatorName = (operatorEmail: string | null) =>
  operatorEmail ? `the operator ${operatorEmail}` : 'an operator (with the operator token or the command line)';

const NOT_YOU = 'If you did not expect this, tell the people who run this Linkhop instance.';

export function signInLinkMail(input: { to: string; by: string | null; siteUrl: string }): MailMessage {
  return {
    to: input.to,
    subject: 'A sign-in link to your Linkhop account was made',
    text: `${operatorName(input.by)} made a one-time link that signs in to your Linkhop account at ${input.siteUrl} (valid 15 minutes). Whoever holds it signs in as you. ${NOT_YOU}`,
  };
}

export function operatorChangedMail(input: { to: string; by: string | null; granted: boolean; siteUrl: string }): MailMessage {
  return input.granted
    ? {
        to: input.to,
        subject: 'You are now an operator of this Linkhop instance',
        text: `${operatorName(input.by)} made you an operator of the Linkhop instance at ${input.siteUrl}: you see every workspace and user in the operator console. ${NOT_YOU}`,
      }
    : {
        to: input.to,
        subject: 'You are no longer an operator of this Linkhop instance',
        text: `${operatorName(input.by)} removed your operator role on the Linkhop instance at ${input.siteUrl}. You keep your workspaces. ${NOT_YOU}`,
      };
}

export function planChangedMail(input: { to: string; by: string | null; workspaceName: string; from: string; plan: string }): MailMessage {
  return {
    to: input.to,
    subject: `${input.workspaceName} is now on the ${input.plan} plan`,
    text: `${operatorName(input.by)} changed the plan of your Linkhop workspace "${input.workspaceName}" from ${input.from} to ${input.plan}. ${NOT_YOU}`,
  };
}
