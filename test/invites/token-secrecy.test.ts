import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db';
import { createLogger } from '../../core/logger';
import { sha256Hex } from '../../core/secrets';
import { invites } from '../../app/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { startSmtpSink } from '../members/smtp-sink';
import { mailsTo, tokenIn, uniqueEmail, type Sink } from '../sessions/helpers';

/**
 * An invite token is the credential of its accept call: the database keeps only its SHA-256 and no
 * log line carries it, whatever the request did with it (create, preview, accept, join, resend).
 * The app logs at debug level into this test, through the production logger.
 */
const lines: string[] = [];
const log = createLogger(
  'debug',
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  }),
);

let t: TestApp;
let sink: Sink;
let owner: { key: string; workspaceId: string };
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: sink.url }, log });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['mail']);
  owner = await t.bootstrap({ plan: 'pro' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const invite = async (email: string) => {
  const res = await t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email, role: 'editor' } });
  expect(res.status).toBe(201);
  return res.body as { id: string; token: string };
};

test('no log line carries an invite token: create, list, preview, accept, join, resend and unknown tokens log the route', async () => {
  const tokens: string[] = [];
  const accepted = await invite(uniqueEmail('accepts'));
  tokens.push(accepted.token);
  expect((await t.api('GET', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key })).status).toBe(200);
  expect((await t.api('GET', `/invites/${accepted.token}`)).status).toBe(200);
  expect((await t.api('POST', `/invites/${accepted.token}/accept`, { body: {} })).status).toBe(200);
  expect((await t.api('POST', `/invites/${accepted.token}/accept`, { body: {} })).status).toBe(410);

  const joined = await invite(uniqueEmail('joins'));
  tokens.push(joined.token);
  expect((await t.api('POST', `/invites/${joined.token}/join`, { body: { name: 'Joiner' } })).status).toBe(200);

  const resentEmail = uniqueEmail('resent');
  const resent = await invite(resentEmail);
  tokens.push(resent.token);
  expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites/${resent.id}/resend`, { key: owner.key })).status).toBe(200);
  const mails = await mailsTo(t, sink, resentEmail, 2);
  const mailedAgain = tokenIn(mails[1]!.text, 'invite');
  tokens.push(mailedAgain);
  expect((await t.api('GET', `/invites/${mailedAgain}`)).status).toBe(200);

  const unknown = 'not-an-invite-token-but-secret-looking-0123456789';
  tokens.push(unknown);
  expect((await t.api('GET', `/invites/${unknown}`)).status).toBe(404);
  expect((await t.api('POST', `/invites/${unknown}/accept`, { body: {} })).status).toBe(404);
  // a path no route serves, under /api/invites: still no token in its request line
  expect((await t.api('GET', `/invites/${unknown}/nothing-here`)).status).toBe(404);
  await Bun.sleep(100); // request lines are written after their responses went out

  const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'api request');
  const paths = requests.map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
  expect(paths).toContain('GET /api/invites/:token 200');
  expect(paths).toContain('POST /api/invites/:token/accept 200');
  expect(paths).toContain('POST /api/invites/:token/accept 410');
  expect(paths).toContain('POST /api/invites/:token/join 200');
  expect(requests.map((entry) => entry.path)).toContain('/api/invites/:token/nothing-here');
  expect(paths).toContain('POST /api/workspaces/:wsId/invites/:inviteId/resend 200');
  const everything = lines.join('\n');
  for (const token of tokens) expect(everything).not.toContain(token);
});

const listedToken = async (inviteId: string): Promise<string> => {
  const list = await t.api('GET', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key });
  expect(list.status).toBe(200);
  return list.body.invites.find((i: { id: string }) => i.id === inviteId).token;
};

test('the database holds the token hashed and sealed, never readable; the invite list shows the token that accepts', async () => {
  const created = await invite(uniqueEmail('stored'));
  const rows = rowsOf<Record<string, unknown>>(await t.deps.db.execute(sql`select * from invites where id = ${created.id}`));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.token_hash).toBe(sha256Hex(created.token));
  expect(rows[0]!.token_sealed).toStartWith('v1.');
  // neither the token nor its base64url bytes in clear, in any column
  expect(JSON.stringify(rows)).not.toContain(created.token);
  expect(JSON.stringify(rows)).not.toContain(Buffer.from(created.token).toString('base64url'));
  expect(await listedToken(created.id)).toBe(created.token);
  expect((await t.api('POST', `/invites/${await listedToken(created.id)}/accept`, { body: {} })).status).toBe(200);
});

test('a resent invite lists its new token; a sealed token copied onto another invite does not open there', async () => {
  const email = uniqueEmail('resealed');
  const first = await invite(email);
  expect((await t.api('POST', `/workspaces/${owner.workspaceId}/invites/${first.id}/resend`, { key: owner.key })).status).toBe(200);
  const mailed = tokenIn((await mailsTo(t, sink, email, 2))[1]!.text, 'invite');
  expect(await listedToken(first.id)).toBe(mailed);

  const other = await invite(uniqueEmail('other'));
  const [source] = await t.deps.db.select().from(invites).where(eq(invites.id, first.id));
  await t.deps.db.update(invites).set({ tokenSealed: source!.tokenSealed }).where(eq(invites.id, other.id));
  expect(await listedToken(other.id)).toBe('');
  // an invite made before tokens were kept (no sealed token) lists an empty token, and still accepts by its mailed token
  await t.deps.db.update(invites).set({ tokenSealed: null }).where(eq(invites.id, other.id));
  expect(await listedToken(other.id)).toBe('');
  expect((await t.api('POST', `/invites/${other.token}/accept`, { body: {} })).status).toBe(200);
});

// last: the migration statement hashes every row of the table, as it does once in an upgrade
test('migration 0019 hashes the tokens stored before it: an invitation mailed earlier still opens', async () => {
  const created = await invite(uniqueEmail('earlier'));
  // as before the migration: the token itself in the column
  await t.deps.db.update(invites).set({ tokenHash: created.token }).where(eq(invites.id, created.id));
  expect((await t.api('GET', `/invites/${created.token}`)).status).toBe(404);
  const update = readFileSync(joinPath(import.meta.dir, '../../drizzle/0019_invite_token_hash.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .find((statement) => statement.includes('UPDATE "invites"'))!;
  await t.deps.db.execute(sql.raw(update.replace(/^--.*$/gm, '')));
  const [row] = await t.deps.db.select().from(invites).where(eq(invites.id, created.id));
  expect(row!.tokenHash).toBe(sha256Hex(created.token));
  expect((await t.api('GET', `/invites/${created.token}`)).status).toBe(200);
  expect((await t.api('POST', `/invites/${created.token}/accept`, { body: {} })).status).toBe(200);
});
