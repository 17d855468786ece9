import { Elysia, t } from 'elysia';
import type { Deps } from '../../core/deps';
import { ApiError } from '../../core/errors';
import { sameSecret } from '../../core/secrets';
import { clientIp } from '../../core/hosts';
import { RATE_LIMITS } from '../../core/plans';
import { errors, Int, OkBody, Plan, Role, withExample } from '../../core/model';
import { runMonitoringPass } from '../monitoring';
import { bootstrap, mintApiKey, operatorSignInLink, setPlan } from './service';

/** Operator API: on only when ADMIN_TOKEN is set (else every route answers 404); `Authorization: Bearer <ADMIN_TOKEN>`. */
export const adminRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:admin', prefix: '/api/admin', detail: { tags: ['Operator'] } })
    .onBeforeHandle({ as: 'local' }, async ({ headers, request, server }) => {
      const token = deps.config.adminToken;
      if (!token) throw new ApiError(404, 'The operator API is off: set ADMIN_TOKEN to enable it');
      const ip = clientIp(request, server, deps.config.trustedProxies);
      // out of attempts is refused before the comparison, the right token included: else guessing on would still tell
      await deps.limiter.check('adminAuth', ip, RATE_LIMITS.adminAuth);
      const given = headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      if (sameSecret(given, token)) return;
      deps.log.warn({ ip, method: request.method, path: new URL(request.url).pathname }, 'operator API: wrong or missing token');
      await deps.limiter.consume('adminAuth', ip, RATE_LIMITS.adminAuth);
      throw new ApiError(401, 'Invalid operator token');
    })
    .post(
      '/bootstrap',
      async ({ body, set }) => {
        set.status = 201;
        return bootstrap(deps, body);
      },
      {
        body: withExample(t.Object({ email: t.String(), name: t.Optional(t.String()), workspace: t.Optional(t.String()), plan: t.Optional(Plan) }), {
          email: 'you@example.com',
          plan: 'pro',
        }),
        response: { 201: t.Object({ user_id: t.String(), workspace_id: t.String(), api_key: t.String() }), ...errors(400, 401, 404, 429) },
        detail: { summary: 'Create (or reuse) a user who owns a new workspace', security: [{ adminToken: [] }] },
      },
    )
    .patch('/workspaces/:wsId', ({ params, body }) => setPlan(deps, params.wsId, body.plan), {
      params: t.Object({ wsId: t.String() }),
      body: withExample(t.Object({ plan: Plan }), { plan: 'pro' }),
      response: { 200: OkBody, ...errors(400, 401, 404, 429) },
      detail: { summary: "Set a workspace's plan", security: [{ adminToken: [] }] },
    })
    .post('/login-link', ({ body }) => operatorSignInLink(deps, body.email, null), {
      body: withExample(t.Object({ email: t.String({ maxLength: 320 }) }), { email: 'you@example.com' }),
      response: { 200: t.Object({ url: t.String({ description: 'A one-time dashboard sign-in link (15 minutes)' }) }), ...errors(400, 401, 404, 429) },
      detail: { summary: 'A one-time sign-in link for an existing user (installs without mail)', security: [{ adminToken: [] }] },
    })
    .post(
      '/api-keys',
      async ({ body, set }) => {
        set.status = 201;
        return mintApiKey(deps, body);
      },
      {
        body: withExample(
          t.Object({
            email: t.String({ description: 'An existing user' }),
            workspace: t.String({ description: 'Workspace ID of which the user is a member' }),
            role: t.Optional(Role),
          }),
          { email: 'you@example.com', workspace: '<workspace id>', role: 'viewer' },
        ),
        response: {
          201: t.Object({ id: t.String(), name: t.String(), role: Role, key: t.String(), workspace_id: t.String(), user_id: t.String() }),
          ...errors(400, 401, 402, 404, 429),
        },
        detail: { summary: "Mint an API key for an existing member (default: the member's role, never above it)", security: [{ adminToken: [] }] },
      },
    )
    .post('/monitoring/run', () => runMonitoringPass(deps), {
      response: { 200: t.Object({ checked: Int(), broken: Int(), recovered: Int() }), ...errors(401, 404, 429) },
      detail: { summary: 'Run one broken-link check pass now', security: [{ adminToken: [] }] },
    });
