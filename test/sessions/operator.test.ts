import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../../core/config';
import { createDeps } from '../../app/deps';
import { createApp } from '../../app/kernel';
import { ADMIN_TOKEN, SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { operatorCli } from '../helpers/cli';
import { tokenIn, uniqueEmail } from './helpers';

describe('POST /api/admin/login-link (installs without mail)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const loginLink = (email: string, token?: string) =>
    t.api('POST', '/admin/login-link', { body: { email }, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

  test('401 without or with a wrong operator token; 404 for an unknown e-mail', async () => {
    const email = uniqueEmail('op');
    await t.bootstrap({ email });
    expect((await loginLink(email)).status).toBe(401);
    expect((await loginLink(email, 'wrong')).status).toBe(401);
    const unknown = await loginLink(uniqueEmail('unknown'), ADMIN_TOKEN);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'User not found', code: 'not_found' });
  });

  test('200 {url}: a one-time sign-in link that works (any case of the address)', async () => {
    const email = uniqueEmail('op');
    const { userId } = await t.bootstrap({ email });
    const res = await loginLink(email.toUpperCase(), ADMIN_TOKEN);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['url']);
    expect(res.body.url).toMatch(new RegExp(`^${SITE_URL}/app/sign-in#token=[A-Za-z0-9_-]{43}$`));
    const signedIn = await t.api('POST', '/session', { body: { token: tokenIn(res.body.url) } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(userId);
    expect((await t.api('POST', '/session', { body: { token: tokenIn(res.body.url) } })).status).toBe(410);
  });
});

describe('bun run cli login-link --email E', () => {
  const operator = operatorCli({ SITE_URL });
  beforeAll(() => operator.setUp());
  afterAll(() => operator.tearDown());
  const cli = operator.run;

  test('prints {"url": …} for an existing user, the same JSON as the operator API; the link signs in once', async () => {
    const email = uniqueEmail('cli');
    const boot = cli('bootstrap', '--email', email);
    expect(boot.code).toBe(0);
    const userId = JSON.parse(boot.out).user_id;

    const link = cli('login-link', '--email', email);
    expect(link.code).toBe(0);
    const printed = JSON.parse(link.out);
    expect(Object.keys(printed)).toEqual(['url']);
    expect(printed.url).toMatch(new RegExp(`^${SITE_URL}/app/sign-in#token=[A-Za-z0-9_-]{43}$`));

    // the server, started on that database once the CLI is done with it, accepts the link
    const deps = await createDeps(loadConfig({ SITE_URL, SECRETS_KEY: process.env.SECRETS_KEY!, LOG_LEVEL: 'silent' }), {
      database: await operator.openDatabase(),
    });
    try {
      const app = createApp(deps);
      const res = await app.handle(
        new Request(`${SITE_URL}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: tokenIn(printed.url) }),
        }),
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).user.id).toBe(userId);
    } finally {
      await deps.close();
    }
  }, 120_000);

  test('unknown e-mail: exit 2 and {"error"} on stderr; no --email: usage', () => {
    const unknown = cli('login-link', '--email', uniqueEmail('nobody'));
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.err)).toEqual({ error: 'User not found' });
    const usage = cli('login-link');
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('login-link --email E');
  }, 120_000);
});
