import nodemailer, { type Transporter } from 'nodemailer';
import type { Deps } from '../../core/deps';

/**
 * `mail.send`: delivers over SMTP (nodemailer) when SMTP_URL is set, else writes the message to
 * the log so a local install without a mail server still shows invite links.
 */
export function registerJobs(deps: Deps) {
  let transport: Transporter | undefined;
  deps.queue.register('mail.send', async (message) => {
    if (!deps.config.smtpUrl) {
      deps.log.info({ mail: { to: message.to, subject: message.subject, body: message.text } }, 'e-mail (SMTP_URL not set, logged instead of sent)');
      return;
    }
    transport ??= nodemailer.createTransport(deps.config.smtpUrl);
    await transport.sendMail({ from: deps.config.mailFrom, to: message.to, subject: message.subject, text: message.text });
  });
}
