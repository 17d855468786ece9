import { Elysia, t } from 'elysia';
import { accessMacro, type Actor } from '../../core/access';
import type { Deps } from '../../core/deps';
import { errors, Int, OkBody, PageQuery, Plan, withExample } from '../../core/model';
import { assertOperator, operatorUsers, operatorWorkspaces, setUserOperator, signInLinkForUser } from './operator-console';
import { listOperatorAudit, OPERATOR_ACTIONS } from './operator-audit';
import { setPlan } from './service';

const Paged = <T extends ReturnType<typeof t.Object>>(item: T) => t.Object({ data: t.Array(item), total: Int(), page: Int(), limit: Int() });
const OperatorWorkspace = t.Object({
  id: t.String(),
  name: t.String(),
  plan: Plan,
  parent_workspace_id: t.Union([t.String(), t.Null()]),
  created_at: t.String({ format: 'date-time' }),
  members: Int(),
  links: Int(),
  clicks: Int({ description: 'Total clicks of its links' }),
});
const OperatorUser = t.Object({
  id: t.String(),
  email: t.String(),
  name: t.Union([t.String(), t.Null()]),
  is_operator: t.Boolean(),
  created_at: t.String({ format: 'date-time' }),
  workspaces: Int({ description: 'How many workspaces the user is a member of' }),
});
const OperatorAuditEntry = t.Object({
  id: Int(),
  action: t.UnionEnum(OPERATOR_ACTIONS),
  operator_id: t.Union([t.String(), t.Null()], { description: 'The operator signed in to the console; null: the operator token or the command line' }),
  operator_email: t.Union([t.String(), t.Null()]),
  user_id: t.Union([t.String(), t.Null()], { description: 'The user acted on' }),
  user_email: t.Union([t.String(), t.Null()]),
  workspace_id: t.Union([t.String(), t.Null()], { description: 'The workspace acted on' }),
  details: t.String({ description: 'JSON-encoded details' }),
  created_at: t.String({ format: 'date-time' }),
});
const search = (description: string) => ({ q: t.Optional(t.String({ maxLength: 200, description })) });

/**
 * The operator console's API (the dashboard's Operator page): instance operators signed in to the
 * dashboard see every workspace and user, change plans, mint sign-in links and name operators.
 */
export const operatorRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:operator', prefix: '/api/operator', detail: { tags: ['Operator'] } })
    .use(accessMacro(deps.access))
    // every route: a signed-in instance operator (checked before the handler runs, after the credential)
    .resolve({ as: 'local' }, () => ({ operator: (actor: Actor) => assertOperator(deps, actor) }))
    .get(
      '/workspaces',
      async ({ query, actor, operator }) => {
        await operator(actor);
        return operatorWorkspaces(deps, query);
      },
      {
        access: true,
        query: t.Object({ ...PageQuery, ...search('Search: workspaces whose name or slug contains this text (case-insensitive), or whose id it is') }),
        response: { 200: Paged(OperatorWorkspace), ...errors(400, 401, 403) },
        detail: { summary: 'Every workspace of the instance, newest first, with its plan, members, links and clicks' },
      },
    )
    .patch(
      '/workspaces/:wsId',
      async ({ params, body, actor, operator }) => {
        await operator(actor);
        return setPlan(deps, params.wsId, body.plan, actor.userId);
      },
      {
        access: true,
        params: t.Object({ wsId: t.String({ maxLength: 64 }) }),
        body: withExample(t.Object({ plan: Plan }), { plan: 'agency' }),
        response: { 200: OkBody, ...errors(400, 401, 403, 404) },
        detail: { summary: "Set a workspace's plan (audited in its log as workspace.plan)" },
      },
    )
    .get(
      '/users',
      async ({ query, actor, operator }) => {
        await operator(actor);
        return operatorUsers(deps, query);
      },
      {
        access: true,
        query: t.Object({ ...PageQuery, ...search('Search: users whose e-mail or name contains this text (case-insensitive)') }),
        response: { 200: Paged(OperatorUser), ...errors(400, 401, 403) },
        detail: { summary: 'Every user of the instance, oldest first' },
      },
    )
    .post(
      '/users/:userId/sign-in-link',
      async ({ params, actor, operator }) => {
        await operator(actor);
        return signInLinkForUser(deps, actor, params.userId);
      },
      {
        access: true,
        params: t.Object({ userId: t.String({ maxLength: 64 }) }),
        response: { 200: t.Object({ url: t.String({ description: 'A one-time dashboard sign-in link (15 minutes)' }) }), ...errors(401, 403, 404) },
        detail: { summary: 'A one-time sign-in link for a user (installs without mail)' },
      },
    )
    .get(
      '/audit-log',
      async ({ query, actor, operator }) => {
        await operator(actor);
        return listOperatorAudit(deps.db, query);
      },
      {
        access: true,
        query: t.Object(PageQuery),
        response: { 200: t.Object({ entries: t.Array(OperatorAuditEntry), total: Int(), page: Int(), limit: Int() }), ...errors(400, 401, 403) },
        detail: { summary: "The instance's audit log, newest first: sign-in links, plan changes, operators named or removed, bootstraps" },
      },
    )
    .patch(
      '/users/:userId',
      async ({ params, body, actor, operator }) => {
        await operator(actor);
        return setUserOperator(deps, actor, params.userId, body.is_operator);
      },
      {
        access: true,
        params: t.Object({ userId: t.String({ maxLength: 64 }) }),
        body: withExample(t.Object({ is_operator: t.Boolean() }), { is_operator: true }),
        response: { 200: OkBody, ...errors(400, 401, 403, 404) },
        detail: { summary: 'Make a user an instance operator, or no longer one (not yourself)' },
      },
    );
