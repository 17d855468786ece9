import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db';
import type { EventMap } from '../../core/hooks';
import { ADMIN_TOKEN, SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { asSession, cookiePair, freshIp, mailsTo, requestLink, sessionFromToken, startSessionsApp, tokenIn, uniqueEmail, type Sink } from './helpers';

let t: TestApp;
let sink: Sink;
let close: () => Promise<void>;
const created: EventMap['link.created'][] = [];

beforeAll(async () => {
  ({ t, sink, close } = await startSessionsApp());
  t.deps.bus.on('link.created', (payload) => void created.push(payload));
}, 60_000);
afterAll(() => close());

const COOKIE = /^lh_session=([A-Za-z0-9_-]{43}); HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000$/;

describe('sign-in by e-mail link', () => {
  test('the whole flow: link by mail → session cookie → the API as that person (audited, with events) → sign out → 401', async () => {
    const email = uniqueEmail('flow');
    const owner = await t.bootstrap({ email, name: 'Flo' });

    const asked = await requestLink(t, email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ ok: true });
    const [mail] = await mailsTo(t, sink, email, 1);
    expect(mail!.subject).toBe('Your Linkhop sign-in link');
    expect(mail!.text).toContain(`${SITE_URL}/app/sign-in#token=`);
    const token = tokenIn(mail!.text);

    const signedIn = await t.api('POST', '/session', { body: { token } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ user: { id: owner.userId, email, name: 'Flo' }, csrf_token: expect.any(String) });
    const setCookie = signedIn.headers.get('set-cookie')!;
    expect(setCookie).toMatch(COOKIE);
    const session = { cookie: cookiePair(setCookie), csrf: signedIn.body.csrf_token as string };
    const as = asSession(t, session);

    const me = await as('GET', '/session');
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual({ id: owner.userId, email, name: 'Flo', is_operator: false });
    expect(me.body.csrf_token).toBe(session.csrf);
    const ws = (await t.api('GET', `/workspaces/${owner.workspaceId}`, { key: owner.key })).body;
    expect(me.body.workspaces).toEqual([{ id: owner.workspaceId, name: ws.name, slug: ws.slug, plan: 'free', role: 'owner', parent_workspace_id: null }]);

    // an existing route, through the same guard, with the cookie and the CSRF token
    const link = await as('POST', `/workspaces/${owner.workspaceId}/links`, { body: { target: 'https://example.com/from-the-dashboard' } });
    expect(link.status).toBe(201);
    expect(link.body.created_by).toBe(owner.userId);
    const audit = await t.api('GET', `/workspaces/${owner.workspaceId}/audit-log?action=link.create`, { key: owner.key });
    expect(audit.body.entries.find((e: any) => JSON.parse(e.details).id === link.body.id)).toMatchObject({ user_id: owner.userId });
    await t.deps.bus.settle();
    expect(created.find((e) => e.data.id === link.body.id)).toMatchObject({ workspaceId: owner.workspaceId, userId: owner.userId });
    expect((await as('GET', '/workspaces')).body.workspaces.map((w: any) => w.id)).toEqual([owner.workspaceId]);

    const out = await as('DELETE', '/session');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(out.headers.get('set-cookie')).toBe('lh_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
    expect((await as('GET', '/session')).status).toBe(401);
    const after = await as('POST', `/workspaces/${owner.workspaceId}/links`, { body: { target: 'https://example.com/after-sign-out' } });
    expect(after.status).toBe(401);
    expect(after.body.error).toBeString();
  });

  test('a link works once: 410 the second time', async () => {
    const { email } = await bootstrapped();
    const token = await linkTokenFor(email);
    expect((await t.api('POST', '/session', { body: { token } })).status).toBe(200);
    const again = await t.api('POST', '/session', { body: { token } });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ error: 'This sign-in link has expired or was already used', code: 'gone' });
    expect((await t.api('POST', '/session', { body: { token: 'not-a-token' } })).status).toBe(410);
  });

  test('a link expires after 15 minutes (the clock moved, not waited for)', async () => {
    const { email } = await bootstrapped();
    const stale = await linkTokenFor(email);
    const fresh = await linkTokenFor(email);
    const realNow = t.deps.now;
    try {
      t.deps.now = () => realNow() + 15 * 60_000 + 1000;
      expect((await t.api('POST', '/session', { body: { token: stale } })).status).toBe(410);
      t.deps.now = () => realNow() + 14 * 60_000;
      expect((await t.api('POST', '/session', { body: { token: fresh } })).status).toBe(200);
    } finally {
      t.deps.now = realNow;
    }
  });

  test('neither the link token nor the session id is stored: no row of any table contains them', async () => {
    const { email } = await bootstrapped();
    const token = await linkTokenFor(email);
    const session = await sessionFromToken(t, token);
    const raw = session.cookie.split('=')[1]!;
    const tables = rowsOf<{ table_name: string }>(
      await t.deps.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
    );
    const names = tables.map((r) => r.table_name);
    expect(names).toContain('sessions');
    expect(names).toContain('sign_in_links');
    for (const secret of [token, raw]) {
      for (const name of names) {
        const [hit] = rowsOf<{ n: number }>(
          await t.deps.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} x where row_to_json(x)::text like ${`%${secret}%`}`),
        );
        expect({ table: name, n: hit!.n }).toEqual({ table: name, n: 0 });
      }
    }
    // and yet the session works
    expect((await asSession(t, session)('GET', '/session')).status).toBe(200);
  });

  test('the same answer for a known and an unknown address, and no mail to the unknown one', async () => {
    const { email: known } = await bootstrapped();
    const unknown = uniqueEmail('nobody');
    const a = await requestLink(t, unknown);
    const b = await requestLink(t, known);
    expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
    expect(a.text).toBe(b.text);
    expect(await mailsTo(t, sink, known, 1)).toHaveLength(1);
    await Bun.sleep(300);
    expect(sink.to(unknown)).toHaveLength(0);
  });

  test('400 for a malformed address; 400 without a body; 415 for a form post (no cross-site sign-in)', async () => {
    for (const email of ['not-an-email', 'a@b', 'two@@example.com', '']) {
      const res = await requestLink(t, email);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid email address');
    }
    expect((await t.api('POST', '/session/sign-in-link', { body: {} })).status).toBe(400);
    const form = await t.api('POST', '/session', { body: 'token=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const text = await t.api('POST', '/session/sign-in-link', { body: '{"email":"a@example.com"}', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  test('rate limited per e-mail and IP (5 in 15 minutes) and per IP (20): 429 with Retry-After, same for unknown addresses', async () => {
    for (const email of [(await bootstrapped()).email, uniqueEmail('unknown-limited')]) {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await requestLink(t, email, ip)).status).toBe(202);
      const limited = await requestLink(t, email, ip);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toContain('Rate limit');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await requestLink(t, uniqueEmail('ip'), ip)).status).toBe(202);
    const limited = await requestLink(t, uniqueEmail('ip'), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await requestLink(t, uniqueEmail('ip'), freshIp())).status).toBe(202);
  }, 30_000);

  test('the answer does no database work: it comes while the users and sign-in links tables are locked, the mail after', async () => {
    const { email: known } = await bootstrapped();
    const unknown = uniqueEmail('nobody-locked');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users, sign_in_links in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    try {
      // whether the address has an account is only looked up after answering, so its answer cannot take longer
      const answers = await Promise.race([Promise.all([requestLink(t, known), requestLink(t, unknown)]), Bun.sleep(3000).then(() => null)]);
      expect(answers?.map((a) => a.status)).toEqual([202, 202]);
      expect(answers![0]!.text).toBe(answers![1]!.text);
    } finally {
      release();
      await holder;
    }
    expect(await mailsTo(t, sink, known, 1)).toHaveLength(1);
    await Bun.sleep(300);
    expect(sink.to(unknown)).toHaveLength(0);
  }, 30_000);

  test("a stranger spending an address's limit from their IP does not keep its owner from getting a link", async () => {
    const { email } = await bootstrapped();
    const stranger = freshIp();
    for (let i = 0; i < 5; i++) expect((await requestLink(t, email, stranger)).status).toBe(202);
    expect((await requestLink(t, email, stranger)).status).toBe(429);
    await mailsTo(t, sink, email, 5);
    const owner = await requestLink(t, email, freshIp());
    expect(owner.status).toBe(202);
    expect(await mailsTo(t, sink, email, 6)).toHaveLength(6);
  }, 30_000);
});

test('over a real socket the per-IP limit counts the peer address', async () => {
  const base = await t.listen();
  const ask = () =>
    fetch(`${base}/api/session/sign-in-link`, {
      method: 'POST',
      headers: { host: new URL(SITE_URL).host, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('socket') }),
    });
  for (let i = 0; i < 20; i++) expect((await ask()).status).toBe(202);
  const limited = await ask();
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  // the socket's address had its own bucket: a request without one (no socket, no proxy header) is not limited
  expect((await t.api('POST', '/session/sign-in-link', { body: { email: uniqueEmail('nosocket') } })).status).toBe(202);
});

describe('ALLOW_SIGNUP and https', () => {
  test('with ALLOW_SIGNUP=true an unknown address gets a link that creates the user and a Free workspace', async () => {
    const app = await startSessionsApp({ ALLOW_SIGNUP: 'true' });
    try {
      const email = uniqueEmail('newcomer');
      expect((await requestLink(app.t, email)).status).toBe(202);
      const [mail] = await mailsTo(app.t, app.sink, email, 1);
      expect(mail!.subject).toBe('Create your Linkhop account');
      const session = await sessionFromToken(app.t, tokenIn(mail!.text));
      const me = await asSession(app.t, session)('GET', '/session');
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ email, name: null });
      expect(me.body.workspaces).toHaveLength(1);
      expect(me.body.workspaces[0]).toMatchObject({ plan: 'free', role: 'owner', parent_workspace_id: null });
      const made = await asSession(app.t, session)('POST', `/workspaces/${me.body.workspaces[0].id}/links`, {
        body: { target: 'https://example.com/signed-up' },
      });
      expect(made.status).toBe(201);

      // a second link for the same address signs in the same user, without another workspace
      const again = await app.t.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email } });
      const second = await sessionFromToken(app.t, tokenIn(again.body.url));
      expect(second.userId).toBe(session.userId);
      expect((await asSession(app.t, second)('GET', '/session')).body.workspaces).toHaveLength(1);
    } finally {
      await app.close();
    }
  }, 60_000);

  test('without ALLOW_SIGNUP (the default) no user is created', async () => {
    const email = uniqueEmail('no-signup');
    expect((await requestLink(t, email)).status).toBe(202);
    await Bun.sleep(200);
    expect(sink.to(email)).toHaveLength(0);
    const [row] = rowsOf<{ n: number }>(await t.deps.db.execute(sql`select count(*)::int as n from users where email = ${email}`));
    expect(row!.n).toBe(0);
  });

  test('the cookie is Secure when SITE_URL is https', async () => {
    const app = await startTestApp({ env: { SITE_URL: 'https://linkhop.test' } });
    try {
      const email = uniqueEmail('secure');
      await app.bootstrap({ email });
      const link = await app.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email } });
      expect(link.body.url).toStartWith('https://linkhop.test/app/sign-in#token=');
      const res = await app.api('POST', '/session', { body: { token: tokenIn(link.body.url) } });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^lh_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000; Secure$/);
    } finally {
      await app.close();
    }
  }, 60_000);
});

async function bootstrapped() {
  const email = uniqueEmail('user');
  return { email, ...(await t.bootstrap({ email })) };
}

/** A sign-in link's token through the operator API (no mail round trip where the mail is not the point). */
async function linkTokenFor(email: string) {
  const res = await t.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email } });
  expect(res.status).toBe(200);
  return tokenIn(res.body.url);
}
