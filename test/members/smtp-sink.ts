import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  recipients: string[];
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const mail = await PostalMime.parse(Buffer.concat(chunks));
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients: session.envelope.rcptTo.map((r) => r.address),
          from: mail.from?.address ?? '',
          to: (mail.to ?? []).map((a) => a.address ?? ''),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** messages to one address, in arrival order */
    to: (address: string) => received.filter((m) => m.recipients.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
