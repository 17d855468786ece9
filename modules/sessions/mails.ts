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
