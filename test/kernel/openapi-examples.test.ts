import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { logoPng } from '../qr/logo-fixtures';

let t: TestApp;
beforeAll(async () => {
  // webhook fixtures on loopback (the example's own host is resolved at creation: no DNS here)
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
});
afterAll(() => t.close());

/** Operations whose example cannot succeed in this closed network, and why. */
const NOT_SENT: Record<string, string> = {
  'POST /api/workspaces/{wsId}/webhooks': 'the example host is resolved at creation (SSRF guard) and there is no DNS here',
  'POST /api/session': 'the example names where the token comes from (the mailed link); test/sessions signs in with a real one',
  'PATCH /api/operator/workspaces/{wsId}':
    'the operator console takes a dashboard session of an instance operator, never a key; test/admin/operator-console.test.ts sends it',
  'PATCH /api/operator/users/{userId}':
    'the operator console takes a dashboard session of an instance operator, never a key; test/admin/operator-console.test.ts sends it',
  'POST /api/setup':
    'the example names where the token comes from (the printed setup link), and an instance with users has none; test/sessions/setup.test.ts sets up with a real one',
  'POST /api/invites/{token}/join': 'listed before the invite route that makes a token; test/sessions/invites joins with a real one',
  'POST /api/workspaces/{wsId}/track/lead': 'the click id comes from a visit of a tracking link (its lh_cid); test/conversions posts leads with real ones',
  'POST /api/workspaces/{wsId}/track/sale': "the example's customer needs a lead first (a real click id); test/conversions posts sales of real leads",
  'POST /api/oauth/authorization':
    "the consent takes a dashboard session, never a key, and the example's client is registered first; test/oauth/protocol.test.ts consents with real ones",
  'PUT /api/workspaces/{wsId}/portfolios/{portfolioId}/links/order':
    'the example must name exactly the portfolio’s links, which earlier examples change (bulk delete); test/portfolios/order.test.ts reorders real ones',
};

test('every operation with a request body offers an example, and the API accepts each one as a person would send it from Swagger UI', async () => {
  const doc = (await t.api('GET', '/openapi.json')).body;
  const owner = await t.bootstrap({ email: 'you@example.com', plan: 'agency' });
  const other = await t.bootstrap();
  const as = { key: owner.key };
  const ws = owner.workspaceId;
  const link = (await t.api('POST', `/workspaces/${ws}/links`, { ...as, body: { target: 'https://example.com/x' } })).body;
  const spare = (await t.api('POST', `/workspaces/${ws}/links`, { ...as, body: { target: 'https://example.com/spare' } })).body;
  const member = await memberWithKey(t, ws, 'viewer');
  const template = (await t.api('POST', `/workspaces/${ws}/templates`, { ...as, body: { name: 'T', config: {} } })).body;
  const portfolio = (await t.api('POST', `/workspaces/${ws}/portfolios`, { ...as, body: { name: 'P' } })).body;
  const webhook = (await t.api('POST', `/workspaces/${ws}/webhooks`, { ...as, body: { name: 'W', url: 'https://127.0.0.1:9/hook', events: ['link.created'] } }))
    .body;
  const ssoDomain = (await t.api('POST', `/workspaces/${ws}/sso-domains`, { ...as, body: { domain: 'sso.example.com' } })).body;
  // a QR logo is uploaded as an image, not JSON
  const qrLogo = (await t.app
    .handle(
      new Request(`http://linkhop.test/api/workspaces/${ws}/qr/logos`, {
        method: 'POST',
        headers: { 'x-api-key': owner.key, 'content-type': 'image/png' },
        body: logoPng(32),
      }),
    )
    .then((res) => res.json())) as { id: string };
  const params: Record<string, string> = {
    wsId: ws,
    ssoDomainId: ssoDomain.id,
    linkId: link.id,
    userId: member.userId,
    templateId: template.id,
    portfolioId: portfolio.id,
    webhookId: webhook.id,
    tagName: 'spring',
    logoId: qrLogo.id,
  };
  // ids a person copies into the example from an earlier answer
  const placeholders: Record<string, string> = { '<link id>': spare.id, '<workspace id>': ws };

  const answers: { operation: string; status: number; error?: string }[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const content = op.requestBody?.content?.['application/json'];
      if (!content) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      const example = content.example ?? content.schema?.example;
      expect({ operation, example: example !== undefined }).toEqual({ operation, example: true });
      if (NOT_SENT[operation]) continue;
      let body = JSON.stringify(example);
      for (const [placeholder, id] of Object.entries(placeholders)) body = body.replaceAll(placeholder, id);
      const admin = path.startsWith('/api/admin');
      // the operator's plan change goes to a workspace of its own (the fixtures' one stays Agency)
      const url = path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_, name) => (admin && name === 'wsId' ? other.workspaceId : (params[name] ?? name)));
      const headers: Record<string, string> = admin ? { authorization: `Bearer ${ADMIN_TOKEN}` } : {};
      const res = await t.api(method.toUpperCase(), url, {
        key: path.startsWith('/api/admin') || path.startsWith('/api/invites') ? undefined : owner.key,
        body,
        headers,
      });
      answers.push({ operation, status: res.status, ...(res.status >= 300 ? { error: res.body?.error } : {}) });
      if (path === '/api/workspaces/{wsId}/invites' && res.status === 201) params.token = res.body.token;
    }
  }
  expect(answers.length).toBeGreaterThan(20);
  expect(answers.filter((a) => a.status >= 300)).toEqual([]);
});
