import { Elysia } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { ApiError } from '../../core/errors';
import { clientIp } from '../../core/hosts';
import { errors, OkBody, withExample, WsParams } from '../../core/model';
import { NOT_LINKED, runSlackCommand, type SlackAnswer } from './command';
import { CreateSlackLinkBody, SlackLink, SlackLinkList, SlackLinkParams } from './model';
import { createSlackLink, deleteSlackLink, listSlackLinks } from './service';
import { verifySlackCommand } from './verify';

/** The public path Slack posts slash commands to (docs/slack.md gives it as the app's Request URL). */
const SLACK_COMMANDS_PATH = '/api/slack/commands';

/**
 * Before the signature is checked, per address: Slack's own senders stay far below, a flood of forged
 * requests does not. Then per Slack link: people typing commands, not a script.
 */
const UNVERIFIED_RATE = { points: 120, durationSec: 60 };
const COMMAND_RATE = { points: 60, durationSec: 60 };

const owner = { role: 'owner' } as const;

const answer = (body: SlackAnswer) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const commandRoute = (deps: Deps) =>
  new Elysia({ name: 'routes:slack-commands' }).post(
    SLACK_COMMANDS_PATH,
    async ({ request, server }) => {
      await deps.limiter.consume('slackUnverified', clientIp(request, server, deps.config.trustedProxies), UNVERIFIED_RATE);
      const { form, link } = await verifySlackCommand(deps, request);
      if (!link) return answer({ response_type: 'ephemeral', text: NOT_LINKED });
      try {
        await deps.limiter.consume('slackCommand', link.id, COMMAND_RATE);
      } catch (error) {
        // Slack shows the person a 200's text, and only "failed" for anything else
        if (error instanceof ApiError && error.status === 429) return answer({ response_type: 'ephemeral', text: `Too many commands: ${error.message}` });
        throw error;
      }
      return answer(await runSlackCommand(deps, link, form));
    },
    // the signature covers the raw bytes: nothing may parse the body before the handler reads it
    { parse: 'none', detail: { hide: true } },
  );

const linkRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:slack-links', prefix: '/api/workspaces/:wsId/slack-links', detail: { tags: ['Slack'] } })
    .use(accessMacro(deps.access))
    .post(
      '',
      async ({ workspace, actor, body, set }) => {
        const created = await createSlackLink(deps, { workspaceId: workspace.id, userId: actor.userId }, body);
        set.status = 201;
        return created;
      },
      {
        access: owner,
        params: WsParams,
        body: withExample(CreateSlackLinkBody, {
          team_id: 'T0123ABCD',
          name: 'Acme Slack',
          role: 'editor',
          signing_secret: '8f742231b10e8888abcd99yyyzzz85a5',
        }),
        response: { 201: SlackLink, ...errors(400, 401, 403, 404, 409) },
        detail: { summary: 'Link a Slack team: its /linkhop commands act in this workspace with this role (the signing secret is never answered)' },
      },
    )
    .get('', ({ workspace }) => listSlackLinks(deps.db, workspace.id), {
      access: owner,
      params: WsParams,
      response: { 200: SlackLinkList, ...errors(401, 403, 404) },
      detail: { summary: 'List the linked Slack teams (no secrets)' },
    })
    .delete(
      '/:slackLinkId',
      async ({ workspace, actor, params }) => {
        await deleteSlackLink(deps, { workspaceId: workspace.id, userId: actor.userId }, params.slackLinkId);
        return { ok: true as const };
      },
      {
        access: owner,
        params: SlackLinkParams,
        response: { 200: OkBody, ...errors(401, 403, 404) },
        detail: { summary: 'Unlink a Slack team: its commands are refused at once' },
      },
    );

export const slackRoutes = (deps: Deps) => new Elysia({ name: 'routes:slack' }).use(commandRoute(deps)).use(linkRoutes(deps));
