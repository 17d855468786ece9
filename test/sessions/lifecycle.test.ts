import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { addMember, ensureUser } from '../../modules/members/service';
import { sessions } from '../../modules/sessions/schema';
import { ADMIN_TOKEN, type TestApp } from '../helpers/app';
import { asSession, sessionFromToken, startSessionsApp, tokenIn, uniqueEmail, type Session } from './helpers';

let t: TestApp;
let close: () => Promise<void>;
let owner: { userId: string; workspaceId: string; key: string };

beforeAll(async () => {
  ({ t, close } = await startSessionsApp());
  owner = await t.bootstrap({ email: uniqueEmail('owner'), plan: 'pro' });
}, 60_000);
afterAll(() => close());

async function sessionOf(email: string): Promise<Session> {
  const link = await t.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email } });
  expect(link.status).toBe(200);
  return sessionFromToken(t, tokenIn(link.body.url));
}

async function memberSession(role: 'editor' | 'viewer' | 'admin') {
  const email = uniqueEmail(role);
  const user = await ensureUser(t.deps.db, email, null, { proven: true });
  await addMember(t.deps.db, owner.workspaceId, user.id, role);
  return { userId: user.id, email, session: await sessionOf(email) };
}

const links = () => `/workspaces/${owner.workspaceId}/links`;
const createLink = (session: Session) => asSession(t, session)('POST', links(), { body: { target: 'https://example.com/lifecycle' } });
const setRole = (userId: string, role: string) => t.api('PATCH', `/workspaces/${owner.workspaceId}/members/${userId}`, { key: owner.key, body: { role } });

describe('membership changes reach open sessions at once', () => {
  test('a lowered role refuses the next write; a raised one allows it; a removed member loses the workspace', async () => {
    const editor = await memberSession('editor');
    expect((await createLink(editor.session)).status).toBe(201);
    expect((await createLink(editor.session)).status).toBe(201); // role remembered in process by now

    expect((await setRole(editor.userId, 'viewer')).status).toBe(200);
    const refused = await createLink(editor.session);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('you are viewer');
    expect((await asSession(t, editor.session)('GET', links())).status).toBe(200);
    expect((await asSession(t, editor.session)('GET', '/session')).body.workspaces[0].role).toBe('viewer');

    expect((await setRole(editor.userId, 'editor')).status).toBe(200);
    expect((await createLink(editor.session)).status).toBe(201);

    expect((await t.api('DELETE', `/workspaces/${owner.workspaceId}/members/${editor.userId}`, { key: owner.key })).status).toBe(200);
    expect((await createLink(editor.session)).status).toBe(404);
    expect((await asSession(t, editor.session)('GET', links())).status).toBe(404);
    // still signed in, with no workspace left
    const me = await asSession(t, editor.session)('GET', '/session');
    expect(me.status).toBe(200);
    expect(me.body.workspaces).toEqual([]);
  });

  test('a deleted user: their session answers 401 at once', async () => {
    const editor = await memberSession('editor');
    expect((await createLink(editor.session)).status).toBe(201);
    await t.deps.db.execute(sql`delete from users where id = ${editor.userId}`);
    expect((await createLink(editor.session)).status).toBe(401);
    expect((await asSession(t, editor.session)('GET', '/session')).status).toBe(401);
  });

  test('a session reaches every workspace its person belongs to, and no other', async () => {
    const email = uniqueEmail('multi');
    const other = await t.bootstrap({ email, plan: 'free' });
    const user = (await ensureUser(t.deps.db, email, null, { proven: true }))!;
    await addMember(t.deps.db, owner.workspaceId, user.id, 'viewer');
    const session = await sessionOf(email);
    const as = asSession(t, session);
    expect((await as('GET', `/workspaces/${other.workspaceId}/links`)).status).toBe(200);
    expect((await as('GET', `/workspaces/${owner.workspaceId}/links`)).status).toBe(200);
    const stranger = await t.bootstrap();
    expect((await as('GET', `/workspaces/${stranger.workspaceId}/links`)).status).toBe(404);
    const me = await as('GET', '/session');
    expect(me.body.workspaces.map((w: any) => [w.id, w.role]).sort()).toEqual(
      [
        [other.workspaceId, 'owner'],
        [owner.workspaceId, 'viewer'],
      ].sort(),
    );
    // agency client workspaces: listed with their parent where the person is a member
    const agency = await t.bootstrap({ email, plan: 'agency' });
    const client = await t.api('POST', `/workspaces/${agency.workspaceId}/clients`, { key: agency.key, body: { name: 'Client Co' } });
    expect(client.status).toBe(201);
    const withClient = await as('GET', '/session');
    expect(withClient.body.workspaces.find((w: any) => w.id === client.body.id)).toMatchObject({
      role: 'owner',
      parent_workspace_id: agency.workspaceId,
      plan: 'free',
    });
    expect((await as('GET', `/workspaces/${client.body.id}/links`)).status).toBe(200);
  });
});

describe('signing out', () => {
  test('sign out everywhere ends every session of the person (CSRF token needed), not other people’s', async () => {
    const editor = await memberSession('editor');
    const second = await sessionOf(editor.email);
    const someoneElse = await memberSession('editor');
    expect((await asSession(t, second)('GET', '/session')).status).toBe(200);

    expect((await asSession(t, editor.session)('DELETE', '/session/all', { csrf: null })).status).toBe(403);
    const all = await asSession(t, editor.session)('DELETE', '/session/all');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ ok: true });
    expect(all.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await asSession(t, editor.session)('GET', '/session')).status).toBe(401);
    expect((await asSession(t, second)('GET', '/session')).status).toBe(401);
    expect((await createLink(second)).status).toBe(401);
    expect((await asSession(t, someoneElse.session)('GET', '/session')).status).toBe(200);
  });

  test('sign out: a live session needs its CSRF token; an ended one answers 401 and gets its cookie cleared', async () => {
    const editor = await memberSession('editor');
    expect((await asSession(t, editor.session)('DELETE', '/session', { csrf: null })).status).toBe(403);
    expect((await asSession(t, editor.session)('GET', '/session')).status).toBe(200);
    expect((await asSession(t, editor.session)('DELETE', '/session')).status).toBe(200);
    const again = await asSession(t, editor.session)('DELETE', '/session', { csrf: null });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: 'Not signed in: there is no session to end', code: 'unauthenticated' });
    expect(again.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await t.api('GET', '/session')).status).toBe(401);
  });

  test('sign out without any credentials, or with an API key, is 401 (nothing to end, no cookie to clear)', async () => {
    const none = await t.api('DELETE', '/session');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'Not signed in: there is no session to end', code: 'unauthenticated' });
    expect(none.headers.get('set-cookie')).toBeNull();
    expect((await t.api('DELETE', '/session', { key: owner.key })).status).toBe(401);
  });

  test('an API key is not a session: GET /session and sign out everywhere answer 401 to it', async () => {
    expect((await t.api('GET', '/session', { key: owner.key })).status).toBe(401);
    expect((await t.api('DELETE', '/session/all', { key: owner.key })).status).toBe(401);
  });
});

describe('sliding expiry (30 days)', () => {
  const expiryOf = async (userId: string) =>
    (await t.deps.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId)))[0]!.expiresAt.getTime();

  test('use extends the session (and its cookie), at most one write an hour; 30 idle days end it', async () => {
    const editor = await memberSession('editor');
    const as = asSession(t, editor.session);
    const realNow = t.deps.now;
    const start = realNow();
    const firstExpiry = await expiryOf(editor.userId);
    expect(firstExpiry - start).toBeGreaterThan(30 * 86_400_000 - 60_000);
    try {
      // within the hour: no write, no new cookie
      t.deps.now = () => start + 30 * 60_000;
      const soon = await as('GET', '/session');
      expect(soon.status).toBe(200);
      expect(soon.headers.get('set-cookie')).toBeNull();
      expect(await expiryOf(editor.userId)).toBe(firstExpiry);

      // 20 days on: extended to 30 days from then, with a fresh cookie
      const day20 = start + 20 * 86_400_000;
      t.deps.now = () => day20;
      const later = await as('GET', links());
      expect(later.status).toBe(200);
      expect(later.headers.get('set-cookie')).toMatch(/^lh_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000$/);
      expect(await expiryOf(editor.userId)).toBe(day20 + 30 * 86_400_000);

      // day 40: past the first expiry, still signed in thanks to the use on day 20
      t.deps.now = () => start + 40 * 86_400_000;
      expect((await as('GET', '/session')).status).toBe(200);

      // then 31 idle days: ended
      t.deps.now = () => start + 71 * 86_400_000 + 60_000;
      expect((await as('GET', '/session')).status).toBe(401);
    } finally {
      t.deps.now = realNow;
    }
  });
});
