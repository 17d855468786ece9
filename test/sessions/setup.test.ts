import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../core/config';
import { users } from '../../modules/members/schema';
import { setupLink } from '../../modules/sessions';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { operatorCli } from '../helpers/cli';
import { capturingLogger } from '../helpers/log';
import { cookiePair, uniqueEmail } from './helpers';

const SETUP_LINK = new RegExp(`^${SITE_URL}/app/setup#token=([A-Za-z0-9_-]{43})$`);
const tokenOf = (url: string) => SETUP_LINK.exec(url)![1]!;

const setUp = (t: TestApp, body: unknown, headers: Record<string, string> = {}) => t.api('POST', '/setup', { body, headers });

describe('first-run setup', () => {
  let t: TestApp;
  const { log, lines } = capturingLogger('info');
  beforeAll(async () => {
    t = await startTestApp({ log });
  }, 60_000);
  afterAll(() => t.close());

  const announced = async () => {
    const until = Date.now() + 5000;
    while (Date.now() < until && !lines.some((l) => l.setupUrl)) await Bun.sleep(20);
    return lines.filter((l) => l.setupUrl);
  };

  test('while no user exists, the start prints one line with the one-time setup link; GET /api/setup says it is open', async () => {
    const [line, ...more] = await announced();
    expect(more).toEqual([]);
    expect(line.setupUrl).toMatch(SETUP_LINK);
    expect(line.msg).toBe(`First run: open ${line.setupUrl} to create the operator account (the link works once)`);
    expect((await t.api('GET', '/setup')).body).toEqual({ needed: true });
    // a restart (or `cli setup-link`) gives the same link until it is used
    expect(await setupLink(t.deps)).toBe(line.setupUrl);
  });

  test('refused: a wrong token (403), a malformed address (400), a body not sent as JSON (415); nothing is created', async () => {
    const [line] = await announced();
    const email = uniqueEmail('first');
    const wrong = await setUp(t, { token: 'A'.repeat(43), email });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toContain('not the one the server printed');
    const badEmail = await setUp(t, { token: tokenOf(line.setupUrl), email: 'not-an-address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toStartWith('Invalid email');
    const form = await t.app.handle(
      new Request(`${SITE_URL}/api/setup`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ token: tokenOf(line.setupUrl), email }),
      }),
    );
    expect(form.status).toBe(415);
    expect((await t.api('GET', '/setup')).body).toEqual({ needed: true });
  });

  test('two tabs racing with the link: one operator, signed in, owning a workspace on the top plan; the link is then spent', async () => {
    const [line] = await announced();
    const token = tokenOf(line.setupUrl);
    const [a, b] = await Promise.all([
      setUp(t, { token, email: 'Ada@Example.com', name: 'Ada', workspace: 'Marketing' }),
      setUp(t, { token, email: 'bob@example.com', name: 'Bob' }),
    ]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect([won.status, lost.status]).toEqual([200, 410]);
    expect(lost.body.error).toContain('already used');
    const session = { cookie: cookiePair(won.headers.get('set-cookie')!), csrf: won.body.csrf_token };
    const me = await t.api('GET', '/session', { headers: { cookie: session.cookie } });
    expect(me.status).toBe(200);
    expect(me.body.workspaces).toHaveLength(1);
    expect(me.body.workspaces[0]).toMatchObject({ plan: 'agency', role: 'owner' });
    const rows = await t.deps.db.select({ email: users.email, isOperator: users.isOperator }).from(users);
    expect(rows).toEqual([{ email: won.body.user.email, isOperator: true }]);

    // spent: the same link again, and the open flag
    expect((await setUp(t, { token, email: uniqueEmail('late') })).status).toBe(410);
    expect((await t.api('GET', '/setup')).body).toEqual({ needed: false });
    // the session works like an e-mail link's: a write with the CSRF token
    const ws = me.body.workspaces[0].id;
    const link = await t.api('POST', `/workspaces/${ws}/links`, {
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      body: { target: 'https://example.com/first' },
    });
    expect(link.status).toBe(201);
    const operator = await t.deps.db.select({ isOperator: users.isOperator }).from(users).where(eq(users.email, won.body.user.email));
    expect(operator).toEqual([{ isOperator: true }]);
  });
});

describe('the site root, DEFAULT_PLAN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DEFAULT_PLAN: 'pro' } });
  }, 60_000);
  afterAll(() => t.close());

  test('/ on the site host leads to /app; on a short domain it is no link (404)', async () => {
    const root = await t.app.handle(new Request(`${SITE_URL}/`));
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe(`${SITE_URL}/app`);
    const served = await t.listen();
    const short = await fetch(`${served}/`, { headers: { host: t.config.defaultDomain }, redirect: 'manual' });
    expect(short.status).toBe(404);
  });

  test('workspaces made later are on DEFAULT_PLAN; a plan outside the list is refused at start naming the variable', async () => {
    const owner = await t.bootstrap({ email: uniqueEmail('dp') });
    const made = await t.api('POST', '/workspaces', { key: owner.key, body: { name: 'Second' } });
    expect(made.status).toBe(201);
    expect(made.body.plan).toBe('pro');
    expect(() => loadConfig({ DEFAULT_PLAN: 'gold' })).toThrow('DEFAULT_PLAN must be one of free, pro, team, agency, got "gold"');
  });
});

describe('bun run cli setup-link', () => {
  const operator = operatorCli();
  beforeAll(() => operator.setUp());
  afterAll(() => operator.tearDown());

  test('prints {url} while no user exists; 409 once there is one', () => {
    const first = operator.run('setup-link');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.out).url).toMatch(/\/app\/setup#token=[A-Za-z0-9_-]{43}$/);
    expect(operator.run('bootstrap', '--email', 'op@example.com').code).toBe(0);
    const done = operator.run('setup-link');
    expect(done.code).toBe(2);
    expect(JSON.parse(done.err).error).toStartWith('The instance is set up');
  }, 180_000);
});
