import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApiKey } from '../../modules/api-keys/service';
import { addMember, ensureUser } from '../../modules/members/service';
import { ADMIN_TOKEN, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { asSession, sessionFromToken, startSessionsApp, tokenIn, uniqueEmail, type Session } from './helpers';

let t: TestApp;
let close: () => Promise<void>;
let owner: { userId: string; workspaceId: string; key: string };
let session: Session;

beforeAll(async () => {
  ({ t, close } = await startSessionsApp());
  const email = uniqueEmail('owner');
  owner = await t.bootstrap({ email, plan: 'agency' });
  session = await sessionOf(email);
}, 60_000);
afterAll(() => close());

async function sessionOf(email: string) {
  const link = await t.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email } });
  expect(link.status).toBe(200);
  return sessionFromToken(t, tokenIn(link.body.url));
}

const linksOf = (wsId: string) => `/workspaces/${wsId}/links`;
const countLinks = async () => (await t.api('GET', `${linksOf(owner.workspaceId)}?limit=100`, { key: owner.key })).body.total as number;

describe('CSRF: writes made with the session cookie carry its token', () => {
  test('no header → 403, a wrong token → 403; nothing is written', async () => {
    const before = await countLinks();
    const as = asSession(t, session);
    const body = { target: 'https://example.com/csrf' };
    // the last: as many characters as the token, more bytes (a length check on the string let it reach timingSafeEqual, which threw)
    for (const csrf of [null, '', 'wrong', session.csrf.slice(0, -1) + (session.csrf.endsWith('a') ? 'b' : 'a'), `${session.csrf.slice(0, -1)}é`]) {
      const res = await as('POST', linksOf(owner.workspaceId), { body, csrf });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Missing or invalid CSRF token', code: 'forbidden' });
    }
    expect(await countLinks()).toBe(before);
    // PATCH, PUT and DELETE too; reads need no token
    const link = await t.api('POST', linksOf(owner.workspaceId), { key: owner.key, body });
    expect((await as('PATCH', `${linksOf(owner.workspaceId)}/${link.body.id}`, { body: { title: 'x' }, csrf: null })).status).toBe(403);
    expect((await as('PUT', `${linksOf(owner.workspaceId)}/tags/t1`, { body: { link_ids: [link.body.id] }, csrf: null })).status).toBe(403);
    expect((await as('DELETE', `${linksOf(owner.workspaceId)}/${link.body.id}`, { csrf: null })).status).toBe(403);
    expect((await as('GET', `${linksOf(owner.workspaceId)}/${link.body.id}`, { csrf: null })).status).toBe(200);
    expect((await as('DELETE', `${linksOf(owner.workspaceId)}/${link.body.id}`)).status).toBe(200);
  });

  test('the token of another session of another person does not pass', async () => {
    const otherEmail = uniqueEmail('other');
    const other = await t.bootstrap({ email: otherEmail });
    const theirs = await sessionOf(otherEmail);
    expect(theirs.userId).toBe(other.userId);
    const res = await asSession(t, { cookie: session.cookie, csrf: theirs.csrf })('POST', linksOf(owner.workspaceId), {
      body: { target: 'https://example.com/x' },
    });
    expect(res.status).toBe(403);
  });

  test('a cross-site form post (the cookie, no header, a form body) gets 403', async () => {
    const before = await countLinks();
    const res = await t.api('POST', linksOf(owner.workspaceId), {
      body: 'target=https%3A%2F%2Fevil.example%2F',
      headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Missing or invalid CSRF token');
    const multipart = new FormData();
    multipart.set('target', 'https://evil.example/');
    const raw = await t.app.handle(
      new Request(`http://linkhop.test/api${linksOf(owner.workspaceId)}`, { method: 'POST', body: multipart, headers: { cookie: session.cookie } }),
    );
    expect(raw.status).toBe(403);
    // a broken body answers the credential check first, as it does for keys
    const broken = await t.api('POST', linksOf(owner.workspaceId), { body: '{"target":', headers: { cookie: session.cookie } });
    expect(broken.status).toBe(403);
    const brokenWithToken = await t.api('POST', linksOf(owner.workspaceId), {
      body: '{"target":',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(brokenWithToken.status).toBe(400);
    const brokenSignedOut = await t.api('POST', linksOf(owner.workspaceId), { body: '{"target":', headers: { cookie: 'lh_session=gone' } });
    expect(brokenSignedOut.status).toBe(401);
    expect(await countLinks()).toBe(before);
  });

  test('X-API-Key requests are unaffected: no CSRF token needed, and a key wins over a cookie', async () => {
    const created = await t.api('POST', linksOf(owner.workspaceId), { key: owner.key, body: { target: 'https://example.com/by-key' } });
    expect(created.status).toBe(201);
    // a viewer's key with the owner's cookie acts as the viewer
    const viewer = await memberWithKey(t, owner.workspaceId, 'viewer');
    const mixed = await t.api('POST', linksOf(owner.workspaceId), {
      key: viewer.key,
      body: { target: 'https://example.com/mixed' },
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(mixed.status).toBe(403);
    expect(mixed.body.error).toContain('editor');
    // an invalid key is not rescued by a valid cookie
    const invalid = await t.api('GET', linksOf(owner.workspaceId), { key: 'lh_invalid', headers: { cookie: session.cookie } });
    expect(invalid.status).toBe(401);
  });
});

/** The live view streams until the reader leaves: its session access is checked below by its headers alone. */
const NEVER_ENDS = /\/stats\/live$/;

test('the live stream opens for the owner’s session as for the owner’s key (200, text/event-stream), and not without either', async () => {
  const path = `/workspaces/${owner.workspaceId}/stats/live`;
  const open = async (headers: Record<string, string>) => {
    const controller = new AbortController();
    const res = await t.app.handle(new Request(`${t.config.siteUrl}/api${path}`, { headers, signal: controller.signal }));
    const answer = { status: res.status, type: res.headers.get('content-type')?.split(';')[0] };
    controller.abort();
    await res.body?.cancel().catch(() => {});
    return answer;
  };
  expect(await open({ cookie: session.cookie })).toEqual({ status: 200, type: 'text/event-stream' });
  expect(await open({ 'x-api-key': owner.key })).toEqual({ status: 200, type: 'text/event-stream' });
  expect((await open({})).status).toBe(401);
});

test('an owner’s session reads every route of the workspace (and the workspace list) as the owner’s key does', async () => {
  const link = await t.api('POST', linksOf(owner.workspaceId), { key: owner.key, body: { target: 'https://example.com/read-me' } });
  const gets = t.app.routes
    .filter((r) => r.method === 'GET' && r.path.startsWith('/api/workspaces') && !NEVER_ENDS.test(r.path))
    .map((r) =>
      r.path
        .slice('/api'.length)
        .replace(':wsId', owner.workspaceId)
        .replace(':linkId', link.body.id)
        .replace(/:(\w+)/g, 'x-$1'),
    );
  expect(gets.length).toBeGreaterThan(15);
  const differences: string[] = [];
  let ok = 0;
  for (const path of gets) {
    const [byKey, bySession] = [await t.api('GET', path, { key: owner.key }), await asSession(t, session)('GET', path, { csrf: null })];
    if (byKey.status !== bySession.status) differences.push(`${path}: key ${byKey.status}, session ${bySession.status}`);
    if (bySession.status === 200) ok++;
  }
  expect(differences).toEqual([]);
  expect(ok).toBeGreaterThan(10);
});

describe('forged writes: a viewer’s session with a valid CSRF token gets the API’s 403 wherever a viewer’s key does', () => {
  test('every route of a workspace answers the viewer’s session as it answers the viewer’s key, and the writes a viewer may not make are 403', async () => {
    const viewerEmail = uniqueEmail('viewer');
    const viewer = await ensureUser(t.deps.db, viewerEmail, 'Viewer', { proven: true });
    await addMember(t.deps.db, owner.workspaceId, viewer.id, 'viewer');
    const viewerSession = await sessionOf(viewerEmail);
    // the viewer's own key, made with the owner role: capped to the membership, as the session is
    const viewerKeyInput = { workspaceId: owner.workspaceId, userId: viewer.id, plan: 'agency', role: 'owner', audit: false } as const;
    const keyOfViewer = (await t.deps.db.transaction((tx) => createApiKey(tx, viewerKeyInput))).key;

    const link = await t.api('POST', linksOf(owner.workspaceId), { key: owner.key, body: { target: 'https://example.com/keep-me', title: 'Keep' } });
    expect(link.status).toBe(201);
    const ws = owner.workspaceId;
    const bodies: Record<string, unknown> = {
      [`POST /api/workspaces/${ws}/links`]: { target: 'https://example.com/forged' },
      [`POST /api/workspaces/${ws}/links/bulk`]: { links: [{ target: 'https://example.com/forged-bulk' }] },
      [`DELETE /api/workspaces/${ws}/links/bulk`]: { ids: [link.body.id] },
      [`PATCH /api/workspaces/${ws}/links/${link.body.id}`]: { target: 'https://evil.example/', title: 'Forged' },
      [`PUT /api/workspaces/${ws}/links/tags/forged`]: { link_ids: [link.body.id] },
    };
    const routes = t.app.routes
      .filter((r) => r.path.startsWith('/api/workspaces/:wsId') && r.method !== 'HEAD' && r.method !== 'OPTIONS' && !NEVER_ENDS.test(r.path))
      .map((r) => ({
        method: r.method,
        path: r.path
          .replace(':wsId', ws)
          .replace(':linkId', link.body.id)
          .replace(':tagName', 'forged')
          .replace(/:(\w+)/g, 'x-$1'),
      }));
    const writes = routes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(25);

    const asViewer = asSession(t, viewerSession);
    const mismatches: string[] = [];
    const refusedWrites: string[] = [];
    for (const { method, path } of routes) {
      const name = `${method} ${path}`;
      const body = method === 'GET' || method === 'DELETE' ? bodies[name] : (bodies[name] ?? {});
      const apiPath = path.slice('/api'.length);
      const byKey = await t.api(method, apiPath, { key: keyOfViewer, body });
      const bySession = await asViewer(method, apiPath, { body });
      if (byKey.status !== bySession.status) mismatches.push(`${name}: key ${byKey.status}, session ${bySession.status}`);
      if (method !== 'GET' && bySession.status === 403) {
        expect(bySession.body.error).toContain('role or higher; you are viewer');
        refusedWrites.push(name);
      }
    }
    expect(mismatches).toEqual([]);
    // every write of a workspace is refused to a viewer, the links' and tags' ones named here in particular
    expect(refusedWrites.sort()).toEqual(writes.map((r) => `${r.method} ${r.path}`).sort());
    for (const name of Object.keys(bodies)) expect(refusedWrites).toContain(name);

    const after = await t.api('GET', `${linksOf(ws)}/${link.body.id}`, { key: owner.key });
    expect(after.body).toMatchObject({ target: 'https://example.com/keep-me', title: 'Keep', tags: null });
    const all = await t.api('GET', `${linksOf(ws)}?limit=100`, { key: owner.key });
    expect(all.body.links.filter((l: any) => l.target.includes('forged') || l.target.includes('evil'))).toEqual([]);
  }, 60_000);
});
