import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { webhookDeliveries, webhooks, workspaces } from '../../app/schema';
import { createSecretBox } from '../../core/secrets';
import { sealPlainSecrets } from '../../modules/webhooks/service';
import { sealPlainAnalyticsSecrets } from '../../modules/workspaces/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';
import { memberWithKey } from '../helpers/members';

/**
 * Issue 37's "one key for all workspace secrets": webhook signing secrets and the GA4 / Meta
 * secrets are kept sealed with the instance's secrets key, bound to their row and field. A copy of
 * the database signs nothing and sends nothing; a value written before sealing keeps working and
 * is sealed at start; a value that does not open is reported, never used.
 */
let t: TestApp;
let certs: TestCerts;
let rx: HttpsReceiver;
let ws: { userId: string; workspaceId: string; key: string };

beforeAll(async () => {
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { webhookCaFile: certs.caFile } });
  ws = await t.bootstrap({ plan: 'agency', email: 'sealed-owner@example.com' });
});
afterAll(async () => {
  await t.close();
  rx.close();
  certs.remove();
});

const path = (rest = '') => `/workspaces/${ws.workspaceId}/webhooks${rest}`;
const storedSecret = async (id: string) => (await t.deps.db.select({ secret: webhooks.secret }).from(webhooks).where(eq(webhooks.id, id)))[0]!.secret;
const setStoredSecret = (id: string, secret: string) => t.deps.db.update(webhooks).set({ secret }).where(eq(webhooks.id, id));

async function signatureOf(secret: string, timestamp: string, body: string) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `sha256=${Buffer.from(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`))).toString('hex')}`;
}

/** Sends the webhook's test event; the receiver's request when one was sent. */
async function testDelivery(id: string) {
  const before = rx.received.length;
  const res = await t.api('POST', path(`/${id}/test`), { key: ws.key });
  expect(res.status).toBe(200);
  if (!res.body.success) return { result: res.body, sent: undefined };
  await rx.waitFor(before + 1);
  return { result: res.body, sent: rx.received[before] };
}

async function expectSignedWith(id: string, secret: string) {
  const { result, sent } = await testDelivery(id);
  expect(result.success).toBe(true);
  expect(sent!.headers['x-webhook-signature']).toBe(await signatureOf(secret, sent!.headers['x-webhook-timestamp']!, sent!.body));
}

async function createHook(name: string) {
  const res = await t.api('POST', path(), { key: ws.key, body: { name, url: `${rx.origin}/${name}`, events: ['link.created'] } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

describe('webhook signing secrets', () => {
  test('kept sealed: the row holds no trace of the secret, and deliveries are signed with the one the API gave', async () => {
    const hook = await createHook('sealed');
    const stored = await storedSecret(hook.id);
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain(hook.secret);
    expect(stored).not.toContain(hook.secret.slice('whsec_'.length));
    await expectSignedWith(hook.id, hook.secret);

    const rotated = await t.api('POST', path(`/${hook.id}/rotate-secret`), { key: ws.key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const restored = await storedSecret(hook.id);
    expect(restored.startsWith('v1.')).toBe(true);
    expect(restored).not.toContain(rotated.body.secret);
    await expectSignedWith(hook.id, rotated.body.secret);
  });

  test('a secret written in clear before sealing still signs, and is sealed at start', async () => {
    const hook = await createHook('legacy');
    const plain = `whsec_${randomBytes(32).toString('hex')}`;
    await setStoredSecret(hook.id, plain);
    await expectSignedWith(hook.id, plain);

    await sealPlainSecrets(t.deps);
    const stored = await storedSecret(hook.id);
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain(plain);
    await expectSignedWith(hook.id, plain);
  });

  test('a sealed secret copied onto another webhook, or sealed under another key, signs nothing: the attempt says why', async () => {
    const a = await createHook('copied-from');
    const b = await createHook('copied-to');
    await setStoredSecret(b.id, await storedSecret(a.id));
    const copied = await testDelivery(b.id);
    expect(copied.sent).toBeUndefined();
    expect(copied.result).toMatchObject({ success: false, status_code: null });
    expect(copied.result.error).toContain('sealed under another secrets key');
    expect(copied.result.error).toContain('Rotate the secret');
    const [logged] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, b.id));
    expect(logged).toMatchObject({ success: false, statusCode: null });

    const otherKey = createSecretBox(randomBytes(32));
    await setStoredSecret(b.id, otherKey.seal(`whsec_${randomBytes(32).toString('hex')}`, `webhook:${b.id}`));
    const elsewhere = await testDelivery(b.id);
    expect(elsewhere.sent).toBeUndefined();
    expect(elsewhere.result.error).toContain('sealed under another secrets key');

    // rotating gives it a secret this instance can open again
    const rotated = await t.api('POST', path(`/${b.id}/rotate-secret`), { key: ws.key });
    await expectSignedWith(b.id, rotated.body.secret);
  });
});

describe('GA4 and Meta secrets', () => {
  const row = async () => (await t.deps.db.select().from(workspaces).where(eq(workspaces.id, ws.workspaceId)))[0]!;
  const view = async (key = ws.key) => (await t.api('GET', `/workspaces/${ws.workspaceId}`, { key })).body;

  test('kept sealed, shown in clear to admins only, cleared with null', async () => {
    const patched = await t.api('PATCH', `/workspaces/${ws.workspaceId}`, {
      key: ws.key,
      body: { ga_id: 'G-SEALED1', ga_api_secret: 'ga-secret-value-123', fb_pixel_id: '1234567890', fb_access_token: 'EAAB-meta-token-456' },
    });
    expect(patched.status).toBe(200);
    const stored = await row();
    for (const [sealed, plain] of [
      [stored.gaApiSecret, 'ga-secret-value-123'],
      [stored.fbAccessToken, 'EAAB-meta-token-456'],
    ] as const) {
      expect(sealed!.startsWith('v1.')).toBe(true);
      expect(sealed).not.toContain(plain);
    }
    expect(await view()).toMatchObject({ ga_api_secret: 'ga-secret-value-123', fb_access_token: 'EAAB-meta-token-456' });

    const viewer = await memberWithKey(t, ws.workspaceId, 'viewer');
    expect(await view(viewer.key)).toMatchObject({ ga_api_secret: '********', fb_access_token: '********' });

    // each value is bound to its field: the Meta token's sealed value in the GA4 column does not open
    await t.deps.db.update(workspaces).set({ gaApiSecret: stored.fbAccessToken }).where(eq(workspaces.id, ws.workspaceId));
    expect((await view()).ga_api_secret).toBeNull();

    const cleared = await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { ga_api_secret: null, fb_access_token: null } });
    expect(cleared.status).toBe(200);
    expect(await row()).toMatchObject({ gaApiSecret: null, fbAccessToken: null });
  });

  test('a secret written in clear before sealing is read as it is, then sealed at start', async () => {
    await t.deps.db.update(workspaces).set({ gaApiSecret: 'legacy-ga-secret' }).where(eq(workspaces.id, ws.workspaceId));
    expect((await view()).ga_api_secret).toBe('legacy-ga-secret');
    await sealPlainAnalyticsSecrets(t.deps);
    const stored = (await row()).gaApiSecret!;
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain('legacy-ga-secret');
    expect((await view()).ga_api_secret).toBe('legacy-ga-secret');
  });
});
