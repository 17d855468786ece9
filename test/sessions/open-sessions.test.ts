import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ADMIN_TOKEN, type TestApp } from '../helpers/app';
import { asSession, cookiePair, startSessionsApp, tokenIn, uniqueEmail, type Session } from './helpers';

let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await startSessionsApp());
}, 60_000);
afterAll(() => close());

/** A session opened by the given browser (its User-Agent header). */
async function sessionIn(email: string, userAgent: string): Promise<Session> {
  const link = await t.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email } });
  expect(link.status).toBe(200);
  const res = await t.api('POST', '/session', { body: { token: tokenIn(link.body.url) }, headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie')!;
  return { cookie: cookiePair(setCookie), csrf: res.body.csrf_token, userId: res.body.user.id, setCookie };
}

describe('a person sees and ends their own open sessions', () => {
  test('the list shows each browser, marks the current one and never a secret; one session is signed out by id', async () => {
    const email = uniqueEmail('sessions');
    await t.bootstrap({ email });
    const laptop = await sessionIn(email, 'Laptop browser/1.0');
    const phone = await sessionIn(email, 'Phone browser/2.0');

    const list = await asSession(t, laptop)('GET', '/sessions');
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: any) => [s.user_agent, s.current]).sort()).toEqual([
      ['Laptop browser/1.0', true],
      ['Phone browser/2.0', false],
    ]);
    for (const s of list.body.data) {
      expect(Object.keys(s).sort()).toEqual(['created_at', 'current', 'id', 'last_seen_at', 'user_agent']);
      expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    }
    const raw = [laptop.cookie, phone.cookie].map((c) => c.split('=')[1]!);
    for (const secret of raw) expect(JSON.stringify(list.body)).not.toContain(secret);

    const phoneId = list.body.data.find((s: any) => !s.current).id;
    expect((await asSession(t, laptop)('DELETE', `/sessions/${phoneId}`, { csrf: null })).status).toBe(403); // a cross-site page cannot
    expect((await asSession(t, phone)('GET', '/session')).status).toBe(200);
    const ended = await asSession(t, laptop)('DELETE', `/sessions/${phoneId}`);
    expect(ended.status).toBe(200);
    expect(ended.headers.get('set-cookie')).toBeNull(); // the laptop stays signed in
    expect((await asSession(t, phone)('GET', '/session')).status).toBe(401);
    expect((await asSession(t, laptop)('GET', '/session')).status).toBe(200);
    expect((await asSession(t, laptop)('GET', '/sessions')).body.data.map((s: any) => s.user_agent)).toEqual(['Laptop browser/1.0']);
    expect((await asSession(t, laptop)('DELETE', `/sessions/${phoneId}`)).status).toBe(404);
  });

  test("another person's session cannot be named, and ending the current one clears its cookie", async () => {
    const [me, them] = [uniqueEmail('me'), uniqueEmail('them')];
    await Promise.all([t.bootstrap({ email: me }), t.bootstrap({ email: them })]);
    const mine = await sessionIn(me, 'Mine/1.0');
    const theirs = await sessionIn(them, 'Theirs/1.0');
    const theirId = (await asSession(t, theirs)('GET', '/sessions')).body.data[0].id;
    const refused = await asSession(t, mine)('DELETE', `/sessions/${theirId}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Session not found');
    expect((await asSession(t, theirs)('GET', '/session')).status).toBe(200);

    const myId = (await asSession(t, mine)('GET', '/sessions')).body.data[0].id;
    const self = await asSession(t, mine)('DELETE', `/sessions/${myId}`);
    expect(self.status).toBe(200);
    expect(self.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await asSession(t, mine)('GET', '/sessions')).status).toBe(401);
  });

  test('an API key has no sessions to list', async () => {
    const { key } = await t.bootstrap();
    const res = await t.api('GET', '/sessions', { key });
    expect(res.status).toBe(401);
    expect(res.body.error).toContain('dashboard session');
  });
});
