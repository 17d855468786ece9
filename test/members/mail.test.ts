import { expect, test } from 'bun:test';
import { loadConfig } from '../../core/config';
import type { Deps } from '../../core/deps';
import { createBullQueue, createMemoryQueue } from '../../core/queue';
import { createRedis } from '../../core/redis';
import { TEST_REDIS_URL } from '../helpers/db';
import { deleteRedisPrefix } from '../helpers/redis';
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

test.skipIf(!TEST_REDIS_URL)('BullMQ: a sent mail leaves no trace of its link in Redis (needs TEST_REDIS_URL: skipped without a real Redis)', async () => {
  const prefix = `lht:mail:${process.pid}:${Date.now().toString(36)}`;
  const { log, lines } = capturingLogger();
  const producer = createRedis({ url: TEST_REDIS_URL! }, 'producer');
  const queue = createBullQueue({ target: { url: TEST_REDIS_URL! }, prefix, producer, log });
  registerJobs({ config: loadConfig({}), log, queue } as unknown as Deps);
  const token = `tok${crypto.randomUUID().replaceAll('-', '')}`;
  try {
    await queue.startWorkers(['mail']);
    await sendMail(queue, { to: 'someone@example.com', subject: 'Join', text: `https://linkhop.test/app/invite#token=${token}` });
    for (let waited = 0; !lines.some((l) => l.mail) && waited < 10_000; waited += 50) await Bun.sleep(50);
    expect(lines.some((l) => l.mail)).toBe(true);
    await Bun.sleep(200); // BullMQ removes the job as it marks it completed
    const held: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await producer.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) if ((await producer.dump(key))?.includes(token)) held.push(key);
    } while (cursor !== '0');
    expect(held).toEqual([]);
  } finally {
    await queue.close();
    producer.disconnect();
    await deleteRedisPrefix(TEST_REDIS_URL!, prefix);
  }
});
