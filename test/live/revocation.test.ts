import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { flushClicks } from '../../modules/clicks/recorder';
import { STREAMS_PER_CREDENTIAL } from '../../modules/live/streams';
import { addMember, ensureUser } from '../../modules/members/service';
import { sessions } from '../../modules/sessions/schema';
import { openSession } from '../../modules/sessions/service';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { waitFor } from '../helpers/processes';
import { visitTarget } from '../conversions/helpers';
import { cookiePair } from '../sessions/helpers';
import { openLiveStream, type LiveReader } from './helpers';

setDefaultTimeout(60_000);

/**
 * A stream ends as soon as this process hears of the revocation. This app checks credentials again
 * only every 10 minutes: what ends a stream within PROMPTLY_MS here is the event, not that check.
 */
const PROMPTLY_MS = 5000;

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp({ env: { LIVE_RECHECK_MS: '600000' } });
  // with Redis the clicks are stored by a worker (here, in this process) and reach the streams over pub/sub
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks']);
  base = await t.listen();
});
afterAll(() => t.close());

async function proWorkspace() {
  const ws = await t.bootstrap({ plan: 'pro' });
  const link = (await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://shop.example/' } })).body;
  return { ...ws, link };
}

/** A stored click of `slug`, once every open reader in `seenBy` has it (the publisher reads who watches once a second). */
async function click(slug: string, seenBy: LiveReader[]) {
  const before = seenBy.map((r) => r.events.length);
  await visitTarget(t, slug);
  await flushClicks(t.deps);
  await Promise.all(seenBy.map((r, i) => r.waitForEvents(before[i]! + 1)));
}

/** A new viewer of the workspace signed in to the dashboard `count` times: each session's cookie pair and CSRF token. */
async function viewerWithSessions(workspaceId: string, count: number) {
  const user = await ensureUser(t.deps.db, `live-${crypto.randomUUID().slice(0, 8)}@example.com`, null, { proven: true });
  await addMember(t.deps.db, workspaceId, user.id, 'viewer');
  const opened = [];
  for (let i = 0; i < count; i++) {
    const session = await openSession(t.deps.db, t.deps, user, 'live test');
    opened.push({ cookie: cookiePair(session.cookie), csrf: session.csrfToken });
  }
  return opened;
}

test('deleting a key ends the streams it holds at once; the next click reaches only the streams still allowed', async () => {
  const ws = await proWorkspace();
  const created = (await t.api('POST', `/workspaces/${ws.workspaceId}/api-keys`, { key: ws.key, body: { name: 'wall screen', role: 'viewer' } })).body;
  const doomed = await openLiveStream(base, ws.workspaceId, { key: created.key });
  const witness = await openLiveStream(base, ws.workspaceId, { key: ws.key });
  expect([doomed.status, witness.status]).toEqual([200, 200]);
  await Bun.sleep(1100);
  await click(ws.link.slug, [doomed, witness]);

  expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/api-keys/${created.id}`, { key: ws.key })).status).toBe(200);
  await doomed.waitForEnd(PROMPTLY_MS);
  await click(ws.link.slug, [witness]);
  expect(doomed.events.map((e) => e.type)).toEqual(['click']);
  expect(witness.events.map((e) => e.type)).toEqual(['click', 'click']);
  // the deleted key opens nothing any more
  expect((await openLiveStream(base, ws.workspaceId, { key: created.key })).status).toBe(401);
  await witness.close();
});

test('removing a member ends their streams at once', async () => {
  const ws = await proWorkspace();
  const viewer = await memberWithKey(t, ws.workspaceId, 'viewer', 'pro');
  const stream = await openLiveStream(base, ws.workspaceId, { key: viewer.key });
  const witness = await openLiveStream(base, ws.workspaceId, { key: ws.key });
  await Bun.sleep(1100);
  await click(ws.link.slug, [stream, witness]);

  expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/members/${viewer.userId}`, { key: ws.key })).status).toBe(200);
  await stream.waitForEnd(PROMPTLY_MS);
  await click(ws.link.slug, [witness]);
  expect(stream.events).toHaveLength(1);
  await witness.close();
});

test('"sign out everywhere" from one session ends the live stream another session of the person holds', async () => {
  const ws = await proWorkspace();
  const [laptop, phone] = await viewerWithSessions(ws.workspaceId, 2);
  const stream = await openLiveStream(base, ws.workspaceId, { cookie: laptop!.cookie });
  const witness = await openLiveStream(base, ws.workspaceId, { key: ws.key });
  expect(stream.status).toBe(200);
  await Bun.sleep(1100);
  await click(ws.link.slug, [stream, witness]);

  const signOut = await t.api('DELETE', '/session/all', { headers: { cookie: phone!.cookie, 'x-csrf-token': phone!.csrf } });
  expect(signOut.status).toBe(200);
  await stream.waitForEnd(PROMPTLY_MS);
  await click(ws.link.slug, [witness]);
  expect(stream.events).toHaveLength(1);
  expect((await openLiveStream(base, ws.workspaceId, { cookie: laptop!.cookie })).status).toBe(401);
  await witness.close();
});

test('a session ended where this process hears nothing of it (another process) ends the stream at the periodic check', async () => {
  const checking = await startTestApp({ env: { LIVE_RECHECK_MS: '500' } });
  try {
    const ws = await checking.bootstrap({ plan: 'pro' });
    const user = await ensureUser(checking.deps.db, `live-${crypto.randomUUID().slice(0, 8)}@example.com`, null, { proven: true });
    await addMember(checking.deps.db, ws.workspaceId, user.id, 'viewer');
    const opened = await openSession(checking.deps.db, checking.deps, user, 'live test');
    const stream = await openLiveStream(await checking.listen(), ws.workspaceId, { cookie: cookiePair(opened.cookie) });
    expect(stream.status).toBe(200);
    // as another API process's sign-out leaves it here: the row gone, no event on this bus
    await checking.deps.db.delete(sessions).where(eq(sessions.userId, user.id));
    await stream.waitForEnd(10_000);
  } finally {
    await checking.close();
  }
});

test('deleting the workspace ends its streams', async () => {
  const ws = await proWorkspace();
  const stream = await openLiveStream(base, ws.workspaceId, { key: ws.key });
  expect(stream.status).toBe(200);
  expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}`, { key: ws.key })).status).toBe(200);
  await stream.waitForEnd(PROMPTLY_MS);
});

test('moving the workspace below Pro ends its streams (the guard, asked again, answers 402)', async () => {
  const ws = await proWorkspace();
  const stream = await openLiveStream(base, ws.workspaceId, { key: ws.key });
  expect(stream.status).toBe(200);
  const downgrade = await t.api('PATCH', `/admin/workspaces/${ws.workspaceId}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    body: { plan: 'free' },
  });
  expect(downgrade.status).toBe(200);
  await stream.waitForEnd(PROMPTLY_MS);
  expect((await openLiveStream(base, ws.workspaceId, { key: ws.key })).status).toBe(402);
});

test(`a credential holds ${STREAMS_PER_CREDENTIAL} streams at most: 429 with Retry-After beyond, a slot again once one closes`, async () => {
  const ws = await proWorkspace();
  const viewer = await memberWithKey(t, ws.workspaceId, 'viewer', 'pro');
  const open: LiveReader[] = [];
  for (let i = 0; i < STREAMS_PER_CREDENTIAL; i++) open.push(await openLiveStream(base, ws.workspaceId, { key: viewer.key }));
  expect(open.map((s) => s.status)).toEqual(Array(STREAMS_PER_CREDENTIAL).fill(200));

  const refused = await openLiveStream(base, ws.workspaceId, { key: viewer.key });
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ error: expect.any(String), code: 'rate_limited' });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  // another credential is not held back by this one's streams
  const other = await openLiveStream(base, ws.workspaceId, { key: ws.key });
  expect(other.status).toBe(200);

  await open.pop()!.close();
  let again: LiveReader | undefined;
  await waitFor(
    async () => {
      again = await openLiveStream(base, ws.workspaceId, { key: viewer.key });
      return again.status === 200;
    },
    10_000,
    'a slot freed by the closed stream',
  );
  open.push(again!, other);
  await Promise.all(open.map((s) => s.close()));
});
