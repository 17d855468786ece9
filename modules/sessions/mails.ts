import type { MailMessage } from '../mail';

/** The sign-in e-mail; the mail module only transports it. */
export function signInMail(input: { to: string; url: string; signup: boolean }): MailMessage {
  return {
    to: input.to,
    subject: input.signup ? 'Create your Linkhop account' : 'Your Linkhop sign-in link',
    text: [
      input.signup ? 'Open this link to create your Linkhop account and sign in:' : 'Open this link to sign in to Linkhop:',
      input.url,
      '',
      'The link works once, within 15 minutes. If you did not ask for it, ignore this e-mail.',
    ].join('\n'),
  };
}

/** Instead of a link, for an address whose domain signs in by single sign-on only ("SSO required"). */
export function ssoRequiredMail(input: { to: string; provider?: string }): MailMessage {
  const domain = input.to.slice(input.to.lastIndexOf('@') + 1);
  const how = input.provider ? `Use "Sign in with ${input.provider}" on the Linkhop sign-in page.` : 'Ask your administrator how to sign in.';
  return {
    to: input.to,
    subject: 'Sign in to Linkhop with single sign-on',
    text: [
      `Addresses at ${domain} sign in to Linkhop with single sign-on only, so no sign-in link was sent.`,
      how,
      '',
      'If you did not ask to sign in, ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * After the first sign-in that proved the address: what had been opened on the account without that
 * proof was ended. Someone who invited the address could have used the invitation's token themselves.
 */
export function revokedWithoutProofMail(input: {
  to: string;
  revoked: { sessions: number; api_keys: number; oauth_grants: number };
  siteUrl: string;
}): MailMessage {
  const { sessions, api_keys, oauth_grants } = input.revoked;
  const ended = [
    sessions && `${sessions} signed-in session${sessions === 1 ? '' : 's'}`,
    api_keys && `${api_keys} API key${api_keys === 1 ? '' : 's'}`,
    oauth_grants && `${oauth_grants} connected app${oauth_grants === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return {
    to: input.to,
    subject: 'Your Linkhop account: access opened before you signed in was ended',
    text: [
      `You just signed in to Linkhop as ${input.to} for the first time with proof that this address is yours.`,
      `Before that, the account was reachable through an invitation's link, which the person who invited you saw as well. So we ended what had been opened on it without that proof: ${ended.join(', ')}.`,
      '',
      'Your workspaces and memberships are unchanged. If you made an API key or connected an app yourself before, make a new one.',
      `Your account: ${input.siteUrl}/app/account`,
    ].join('\n'),
  };
}
