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
