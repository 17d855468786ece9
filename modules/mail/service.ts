import type { JobQueue } from '../../core/queue';

export interface MailMessage {
  to: string;
  subject: string;
  /** plain-text body */
  text: string;
}

/**
 * Queue an e-mail; the `mail` worker (or the in-process runner) sends it. Call after commit. Mails
 * carry sign-in and invitation links: the job leaves Redis once it has run.
 */
export async function sendMail(queue: JobQueue, message: MailMessage): Promise<void> {
  await queue.enqueue('mail.send', message, { sensitive: true });
}
