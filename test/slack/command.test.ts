import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { links } from '../../modules/links/schema';
import { slackLinks } from '../../modules/slack/schema';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { seedClicks } from '../helpers/clicks';
import { memberWithKey } from '../helpers/members';

const PATH = '/api/slack/commands';
const SECRET_A = '8f742231b10e8888abcd99edf1f0d5a5';
const SECRET_B = '0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e';

let t: TestApp;
let a: { userId: string; workspaceId: string; key: string };
let b: { userId: string; workspaceId: string; key: string };
beforeAll(async () => {
  // a back-half on the default domain, so that "taken" is reachable without a verified custom domain
  t = await startTestApp({ env: { CUSTOM_SLUGS_ON_DEFAULT_DOMAIN: 'true' } });
  a = await t.bootstrap({ plan: 'pro' });
  b = await t.bootstrap({ plan: 'pro' });
});
afterAll(() => t.close());

let teams = 0;
/** A fresh Slack team id (T + digits), so tests do not share a team's rate limit. */
const newTeam = () => `T${String(Date.now()).slice(-6)}${String(teams++).padStart(3, '0')}`;

async function linkTeam(ws: { workspaceId: string; key: string }, teamId: string, secret: string, role = 'editor') {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/slack-links`, {
    key: ws.key,
    body: { team_id: teamId, name: 'Acme Slack', role, signing_secret: secret },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

/** The form Slack posts for a slash command, field by field as Slack's documentation lists them. */
function slackForm(teamId: string, text: string): string {
  return new URLSearchParams({
    token: 'gIkuvaNzQIHg97ATvDxqgjtO',
    team_id: teamId,
    team_domain: 'acme',
    enterprise_id: '',
    enterprise_name: '',
    channel_id: 'C2147483705',
    channel_name: 'general',
    user_id: 'U2147483697',
    user_name: 'steve',
    command: '/linkhop',
    text,
    response_url: 'https://hooks.slack.com/commands/1234/5678',
    trigger_id: '13345224609.738474920.8088930838d88f008e0',
    api_app_id: 'A123456',
  }).toString();
}

/** Signs as Slack does: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` under the signing secret. */
function sign(secret: string, timestamp: string, body: string | Uint8Array) {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:`).update(body).digest('hex')}`;
}

const now = () => String(Math.floor(Date.now() / 1000));

async function post(body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) {
  const res = await t.app.handle(
    new Request(`${SITE_URL}${PATH}`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }),
  );
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed };
}

/** A command as Slack sends it, signed with `secret` (and `timestamp`, default now). */
function command(teamId: string, text: string, secret: string, timestamp = now()) {
  const body = slackForm(teamId, text);
  return post(body, { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': sign(secret, timestamp, body) });
}

const linksOf = async (workspaceId: string) => t.deps.db.select().from(links).where(eq(links.workspaceId, workspaceId));

describe('a linked team', () => {
  test('a good command: the short link in the channel, created as the API would, audited to the Slack link', async () => {
    const team = newTeam();
    const slack = await linkTeam(a, team, SECRET_A);
    const res = await command(team, 'https://example.com/launch?utm_source=x&amp;b=2', SECRET_A);
    expect(res.status).toBe(200);
    expect(res.body.response_type).toBe('in_channel');
    const [made] = (await linksOf(a.workspaceId)).filter((l) => l.target.startsWith('https://example.com/launch'));
    expect(made).toBeDefined();
    // Slack's &amp; is the & the person typed
    expect(made!.target).toBe('https://example.com/launch?utm_source=x&b=2');
    const short = `http://go.linkhop.test/${made!.slug}`;
    expect(res.body.text).toContain(short);
    // the same link through the API
    const listed = await t.api('GET', `/workspaces/${a.workspaceId}/links`, { key: a.key });
    expect(listed.body.links.map((l: any) => l.short_url)).toContain(short);
    const audit = await t.api('GET', `/workspaces/${a.workspaceId}/audit-log?action=link.create`, { key: a.key });
    const entry = audit.body.entries.find((e: any) => JSON.parse(e.details).id === made!.id);
    expect(entry.user_id).toBe(a.userId);
    expect(JSON.parse(entry.details).via).toEqual({ slack_link_id: slack.id, slack_team_id: team, slack_user_id: 'U2147483697', slack_user_name: 'steve' });
    const [row] = await t.deps.db.select().from(slackLinks).where(eq(slackLinks.id, slack.id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  test('a chosen back-half, then the same back-half again: taken, said clearly, nothing more created', async () => {
    const team = newTeam();
    await linkTeam(a, team, SECRET_A);
    const slug = `launch-${team.toLowerCase()}`;
    const first = await command(team, `https://example.com/one ${slug}`, SECRET_A);
    expect(first.body).toEqual({ response_type: 'in_channel', text: `http://go.linkhop.test/${slug} → https://example.com/one` });
    const before = (await linksOf(a.workspaceId)).length;
    const again = await command(team, `https://example.com/two ${slug}`, SECRET_A);
    expect(again.status).toBe(200);
    expect(again.body.response_type).toBe('ephemeral');
    expect(again.body.text).toBe(`Not shortened: Slug "${slug}" already exists on go.linkhop.test`);
    expect((await linksOf(a.workspaceId)).length).toBe(before);
    const bad = await command(team, 'https://example.com/three bad/slug', SECRET_A);
    expect(bad.body.text).toContain('Invalid slug');
    expect((await linksOf(a.workspaceId)).length).toBe(before);
  });

  test('hostile URLs are refused as the API refuses them, privately, and nothing is created', async () => {
    const team = newTeam();
    await linkTeam(a, team, SECRET_A);
    const before = (await linksOf(a.workspaceId)).length;
    for (const target of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'http://go.linkhop.test/loop',
      'example.com',
    ]) {
      const api = await t.api('POST', `/workspaces/${a.workspaceId}/links`, { key: a.key, body: { target } });
      expect(api.status).toBe(400);
      const res = await command(team, target, SECRET_A);
      expect(res.status).toBe(200);
      expect(res.body.response_type).toBe('ephemeral');
      // the API's own words; what the person typed comes back escaped, never as Slack markup
      expect(res.body.text).toBe(`Not shortened: ${api.body.error.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`);
      expect(res.body.text).not.toContain('<script>');
    }
    expect((await linksOf(a.workspaceId)).length).toBe(before);
  });

  test('echoed input cannot mention the channel', async () => {
    const team = newTeam();
    await linkTeam(a, team, SECRET_A);
    // as Slack sends what the person typed (its own escaping), and raw
    for (const typed of ['&lt;!channel&gt;', '<!channel>', '<@U2147483697|steve>']) {
      const res = await command(team, `stats ${typed}`, SECRET_A);
      expect(res.body.response_type).toBe('ephemeral');
      expect(res.body.text).not.toMatch(/<[!@]/);
      expect(res.body.text).toMatch(/&lt;[!@]/);
    }
  });

  test('stats: the last 7 days, total and per day, of a link of the linked workspace only', async () => {
    const team = newTeam();
    await linkTeam(a, team, SECRET_A, 'viewer');
    const mine = await t.api('POST', `/workspaces/${a.workspaceId}/links`, { key: a.key, body: { target: 'https://example.com/mine' } });
    const theirs = await t.api('POST', `/workspaces/${b.workspaceId}/links`, { key: b.key, body: { target: 'https://example.com/theirs' } });
    const day = 86_400_000;
    await seedClicks(t, mine.body, [{}, {}, { at: new Date(Date.now() - 2 * day) }, { at: new Date(Date.now() - 10 * day) }]);
    await seedClicks(t, theirs.body, [{}, {}]);

    for (const typed of [mine.body.short_url, mine.body.slug]) {
      const res = await command(team, `stats ${typed}`, SECRET_A);
      expect(res.body.response_type).toBe('ephemeral');
      expect(res.body.text).toContain(`Clicks on ${mine.body.short_url} in the last 7 days: *3*`);
      const days = [...res.body.text.matchAll(/^(\d{4}-\d{2}-\d{2}) +(\d+)$/gm)].map((m) => [m[1], Number(m[2])]);
      expect(days).toHaveLength(7);
      const today = new Date().toISOString().slice(0, 10);
      const twoDaysAgo = new Date(Date.now() - 2 * day).toISOString().slice(0, 10);
      expect(days.at(-1)).toEqual([today, 2]);
      expect(days.find(([date]) => date === twoDaysAgo)).toEqual([twoDaysAgo, 1]);
    }
    // the other workspace's link: answered as no link at all
    for (const typed of [theirs.body.short_url, theirs.body.slug]) {
      const res = await command(team, `stats ${typed}`, SECRET_A);
      expect(res.body.text).toStartWith(`No link ${typed} in the Linkhop workspace`);
      expect(res.body.text).not.toContain('Clicks');
    }
    // viewer: may read, may not create
    const before = (await linksOf(a.workspaceId)).length;
    const refused = await command(team, 'https://example.com/new', SECRET_A);
    expect(refused.body).toMatchObject({ response_type: 'ephemeral' });
    expect(refused.body.text).toContain('viewer role');
    expect((await linksOf(a.workspaceId)).length).toBe(before);
  });

  test('help, and a command with too many words', async () => {
    const team = newTeam();
    await linkTeam(a, team, SECRET_A);
    for (const text of ['', 'help', '  HELP ']) {
      const res = await command(team, text, SECRET_A);
      expect(res.body.response_type).toBe('ephemeral');
      expect(res.body.text).toContain('/linkhop stats');
    }
    expect((await command(team, 'https://example.com a b', SECRET_A)).body.text).toContain('at most one back-half');
    expect((await command(team, 'stats', SECRET_A)).body.text).toContain('Name one short link');
  });

  test('one team linked to two workspaces: each secret acts in its own workspace only', async () => {
    const team = newTeam();
    await linkTeam(a, team, SECRET_A);
    await linkTeam(b, team, SECRET_B);
    const beforeA = (await linksOf(a.workspaceId)).length;
    const res = await command(team, 'https://example.com/for-b', SECRET_B);
    expect(res.body.response_type).toBe('in_channel');
    expect((await linksOf(b.workspaceId)).some((l) => l.target === 'https://example.com/for-b')).toBe(true);
    expect((await linksOf(a.workspaceId)).length).toBe(beforeA);
  });

  test('a Slack link stops at its maker: demoted to viewer, their link cannot create', async () => {
    const admin = await memberWithKey(t, a.workspaceId, 'owner');
    const team = newTeam();
    await linkTeam({ workspaceId: a.workspaceId, key: admin.key }, team, SECRET_A, 'editor');
    const demoted = await t.api('PATCH', `/workspaces/${a.workspaceId}/members/${admin.userId}`, { key: a.key, body: { role: 'viewer' } });
    expect(demoted.status).toBe(200);
    const res = await command(team, 'https://example.com/after-demotion', SECRET_A);
    expect(res.body.text).toContain('viewer role');
    const removed = await t.api('DELETE', `/workspaces/${a.workspaceId}/members/${admin.userId}`, { key: a.key });
    expect(removed.status).toBe(200);
    expect((await command(team, 'https://example.com/after-removal', SECRET_A)).body.text).toContain('no longer works');
    expect((await linksOf(a.workspaceId)).some((l) => l.target.startsWith('https://example.com/after-'))).toBe(false);
  });
});

describe('refused before anything runs', () => {
  let team: string;
  beforeAll(async () => {
    team = newTeam();
    await linkTeam(a, team, SECRET_A);
  });

  test('a wrong signature: 401, nothing created', async () => {
    const before = (await linksOf(a.workspaceId)).length;
    const res = await command(team, 'https://example.com/forged', 'ffffffffffffffffffffffffffffffff');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthenticated' });
    // the right secret over another body: a tampered text
    const ts = now();
    const signed = slackForm(team, 'https://example.com/meant');
    const tampered = await post(slackForm(team, 'https://example.com/forged'), {
      'x-slack-request-timestamp': ts,
      'x-slack-signature': sign(SECRET_A, ts, signed),
    });
    expect(tampered.status).toBe(401);
    // signed over another timestamp than the one sent
    const body = slackForm(team, 'https://example.com/forged');
    const shifted = await post(body, { 'x-slack-request-timestamp': ts, 'x-slack-signature': sign(SECRET_A, String(Number(ts) - 1), body) });
    expect(shifted.status).toBe(401);
    for (const signature of [undefined, '', 'v1=abc', sign(SECRET_A, ts, body).toUpperCase(), sign(SECRET_A, ts, body).slice(0, -1)]) {
      const headers: Record<string, string> = { 'x-slack-request-timestamp': ts };
      if (signature !== undefined) headers['x-slack-signature'] = signature;
      expect((await post(body, headers)).status).toBe(401);
    }
    expect((await linksOf(a.workspaceId)).length).toBe(before);
  });

  test('a sealed secret copied to another link does not open there: 401, not a failure', async () => {
    const copied = newTeam();
    const source = await linkTeam(a, copied, SECRET_A);
    const target = await linkTeam(b, newTeam(), SECRET_B);
    const [sealed] = await t.deps.db.select().from(slackLinks).where(eq(slackLinks.id, source.id));
    await t.deps.db.update(slackLinks).set({ teamId: copied, secretSealed: sealed!.secretSealed }).where(eq(slackLinks.id, target.id));
    await t.deps.db.delete(slackLinks).where(eq(slackLinks.id, source.id));
    const before = (await linksOf(b.workspaceId)).length;
    expect((await command(copied, 'https://example.com/copied', SECRET_A)).status).toBe(401);
    expect((await linksOf(b.workspaceId)).length).toBe(before);
  });

  test('an old timestamp (a replay), or one from the future: 401, nothing created', async () => {
    const before = (await linksOf(a.workspaceId)).length;
    const sec = Math.floor(Date.now() / 1000);
    for (const ts of [sec - 301, sec - 3600, sec + 301]) {
      const res = await command(team, 'https://example.com/replayed', SECRET_A, String(ts));
      expect(res.status).toBe(401);
      expect(res.body.error).toContain('5 minutes');
    }
    for (const ts of ['', 'abc', '1e9', '-5']) expect((await command(team, 'https://example.com/replayed', SECRET_A, ts)).status).toBe(401);
    // just inside the window is fine
    expect((await command(team, 'https://example.com/in-window', SECRET_A, String(sec - 290))).body.response_type).toBe('in_channel');
    expect((await linksOf(a.workspaceId)).length).toBe(before + 1);
  });

  test('an unlinked team: told so privately, nothing created', async () => {
    const before = (await linksOf(a.workspaceId)).length;
    const res = await command(newTeam(), 'https://example.com/nobody', SECRET_A);
    expect(res.status).toBe(200);
    expect(res.body.response_type).toBe('ephemeral');
    expect(res.body.text).toContain('not linked');
    expect((await linksOf(a.workspaceId)).length).toBe(before);
  });

  test('an unlinked team after its link is removed', async () => {
    const other = newTeam();
    const slack = await linkTeam(a, other, SECRET_A);
    expect((await command(other, 'help', SECRET_A)).body.text).toContain('/linkhop stats');
    expect((await t.api('DELETE', `/workspaces/${a.workspaceId}/slack-links/${slack.id}`, { key: a.key })).body).toEqual({ ok: true });
    expect((await command(other, 'https://example.com/after-unlink', SECRET_A)).body.text).toContain('not linked');
  });

  test('malformed bodies: 400 or 415 with the error shape, nothing created', async () => {
    const before = (await linksOf(a.workspaceId)).length;
    const ts = now();
    const signedPost = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
      post(body, { 'x-slack-request-timestamp': ts, 'x-slack-signature': sign(SECRET_A, ts, body), ...headers });
    const json = await signedPost(JSON.stringify({ team_id: team, text: 'https://example.com/json' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('unsupported_media_type');
    const noTeam = await signedPost('text=https%3A%2F%2Fexample.com%2Fx&user_id=U1');
    expect(noTeam).toMatchObject({ status: 400, body: { field: 'team_id', code: 'invalid' } });
    const hostileTeam = await signedPost(`team_id=${encodeURIComponent("T1' or 1=1--")}&text=x`);
    expect(hostileTeam.status).toBe(400);
    const notUtf8 = new Uint8Array([...new TextEncoder().encode(`team_id=${team}&text=`), 0xff, 0xfe, 0x80]);
    expect((await signedPost(notUtf8)).status).toBe(400);
    const garbage = await signedPost('%%%&&&===');
    expect(garbage.status).toBe(400);
    // a NUL in the text, signed correctly: refused in words, never stored
    const nul = await signedPost(slackForm(team, 'https://example.com/\u0000x'));
    expect(nul.status).toBe(200);
    expect(nul.body.response_type).toBe('ephemeral');
    expect((await linksOf(a.workspaceId)).length).toBe(before);
  });

  test('a huge body: 413 before it is read or verified, nothing created', async () => {
    const before = (await linksOf(a.workspaceId)).length;
    const ts = now();
    const huge = slackForm(team, `https://example.com/${'a'.repeat(200_000)}`);
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': ts, 'x-slack-signature': sign(SECRET_A, ts, huge) };
    // through the server's own handler (the body bound of routes without a credential)
    const served = await t.request(PATH, { method: 'POST', host: 'linkhop.test', body: huge, headers });
    expect(served.status).toBe(413);
    expect((await served.json()).code).toBe('too_large');
    // and the route's own bound, for a body under the server's
    const big = slackForm(team, `https://example.com/${'b'.repeat(20_000)}`);
    const routed = await post(big, { 'x-slack-request-timestamp': ts, 'x-slack-signature': sign(SECRET_A, ts, big) });
    expect(routed.status).toBe(413);
    expect((await linksOf(a.workspaceId)).length).toBe(before);
  });

  test('the endpoint is rate limited per Slack link, answered to the person', async () => {
    const busy = newTeam();
    await linkTeam(a, busy, SECRET_A);
    const answers = await Promise.all(Array.from({ length: 61 }, () => command(busy, 'help', SECRET_A)));
    const limited = answers.filter((r) => r.body.text?.startsWith('Too many commands'));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(limited).toHaveLength(1);
  });
});

describe('linking a team (owners only)', () => {
  test('owner creates, lists (no secret), deletes; the secret is sealed at rest; others are refused', async () => {
    const team = newTeam();
    const created = await t.api('POST', `/workspaces/${a.workspaceId}/slack-links`, {
      key: a.key,
      body: { team_id: team, name: '<img src=x onerror=alert(1)>', role: 'editor', signing_secret: SECRET_A },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ team_id: team, role: 'editor', domain: null, created_by: a.userId });
    expect(JSON.stringify(created.body)).not.toContain(SECRET_A);
    const [row] = await t.deps.db.select().from(slackLinks).where(eq(slackLinks.id, created.body.id));
    expect(JSON.stringify(row)).not.toContain(SECRET_A);
    const list = await t.api('GET', `/workspaces/${a.workspaceId}/slack-links`, { key: a.key });
    expect(list.body.slack_links.map((l: any) => l.id)).toContain(created.body.id);
    expect(JSON.stringify(list.body)).not.toContain(SECRET_A);

    const twice = await t.api('POST', `/workspaces/${a.workspaceId}/slack-links`, {
      key: a.key,
      body: { team_id: team, name: 'x', role: 'editor', signing_secret: SECRET_A },
    });
    expect(twice).toMatchObject({ status: 409, body: { field: 'team_id', code: 'taken' } });

    const admin = await memberWithKey(t, a.workspaceId, 'admin');
    expect((await t.api('GET', `/workspaces/${a.workspaceId}/slack-links`, { key: admin.key })).status).toBe(403);
    expect(
      (
        await t.api('POST', `/workspaces/${a.workspaceId}/slack-links`, {
          key: admin.key,
          body: { team_id: newTeam(), name: 'x', role: 'viewer', signing_secret: SECRET_A },
        })
      ).status,
    ).toBe(403);
    expect((await t.api('DELETE', `/workspaces/${a.workspaceId}/slack-links/${created.body.id}`, { key: admin.key })).status).toBe(403);
    // another workspace's owner: neither sees nor removes it
    expect((await t.api('DELETE', `/workspaces/${b.workspaceId}/slack-links/${created.body.id}`, { key: b.key })).status).toBe(404);
    expect((await t.api('GET', `/workspaces/${a.workspaceId}/slack-links`, { key: b.key })).status).toBe(404);

    const audit = await t.api('GET', `/workspaces/${a.workspaceId}/audit-log?action=slack_link.create`, { key: a.key });
    expect(audit.body.entries.some((e: any) => JSON.parse(e.details).id === created.body.id)).toBe(true);
    expect(audit.text).not.toContain(SECRET_A);
  });

  test('bad input: a clear 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ team_id: 'acme', name: 'x', role: 'editor', signing_secret: SECRET_A }, 'team_id'],
      [{ team_id: newTeam(), name: 'x', role: 'superuser', signing_secret: SECRET_A }, 'role'],
      [{ team_id: newTeam(), name: 'x', role: 'editor', signing_secret: 'short' }, 'signing_secret'],
      [{ team_id: newTeam(), name: '', role: 'editor', signing_secret: SECRET_A }, 'name'],
      [{ team_id: newTeam(), name: 'x', role: 'editor', signing_secret: SECRET_A, domain: 'not-mine.example.com' }, 'domain'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', `/workspaces/${a.workspaceId}/slack-links`, { key: a.key, body });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect((await t.api('GET', `/workspaces/${a.workspaceId}/slack-links`, { key: a.key })).body.slack_links.every((l: any) => l.team_id !== 'acme')).toBe(
      true,
    );
  });
});
