import { expect, test } from 'bun:test';
import { loadConfig } from '../../core/config';
import type { Deps } from '../../core/deps';
import { createMemoryQueue } from '../../core/queue';
import { registerJobs } from '../../modules/mail/jobs';
import { sendMail } from '../../modules/mail/service';
import { capturingLogger } from '../helpers/log';
import { startSmtpSink } from './smtp-sink';

/** The mail runner with only what it uses: config, log and a queue. */
function mailRunner(env: Record<string, string>) {
  const { log, lines } = capturingLogger();
  const queue = createMemoryQueue(log);
  registerJobs({ config: loadConfig(env), log, queue } as unknown as Deps);
  return { queue, lines };
}

test('without SMTP_URL a mail.send job writes the message to the log at info level', async () => {
  const { queue, lines } = mailRunner({});
  await sendMail(queue, { to: 'someone@example.com', subject: 'Hello', text: 'Body with https://linkhop.test/api/invites/tok/accept' });
  await queue.idle();
  const entry = lines.find((l) => l.mail);
  expect(entry).toBeDefined();
  expect(entry.level).toBe(30);
  expect(entry.mail).toEqual({ to: 'someone@example.com', subject: 'Hello', body: 'Body with https://linkhop.test/api/invites/tok/accept' });
});

test('with SMTP_URL the message goes over SMTP from MAIL_FROM', async () => {
  const sink = await startSmtpSink();
  try {
    const { queue, lines } = mailRunner({ SMTP_URL: sink.url, MAIL_FROM: 'Ops <ops@linkhop.test>' });
    await sendMail(queue, { to: 'dest@example.com', subject: 'Über', text: 'line one\nline two' });
    await queue.idle();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toMatchObject({ envelopeFrom: 'ops@linkhop.test', recipients: ['dest@example.com'], from: 'ops@linkhop.test', subject: 'Über' });
    expect(sink.received[0]!.text.trim()).toBe('line one\nline two');
    expect(lines.find((l) => l.mail)).toBeUndefined();
  } finally {
    await sink.close();
  }
});
