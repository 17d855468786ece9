import { t } from 'elysia';
import { Role } from '../../core/model';

/** Slack team ids: `T…` (a workspace) or `E…` (an Enterprise Grid organisation), upper-case letters and digits. */
export const TEAM_ID_PATTERN = '^[TE][A-Z0-9]{2,30}$';
/** Slack's signing secrets are 32 hex digits today; some room either way for what Slack may hand out later. */
export const SIGNING_SECRET_PATTERN = '^[A-Za-z0-9]{16,128}$';

export const CreateSlackLinkBody = t.Object(
  {
    team_id: t.String({ pattern: TEAM_ID_PATTERN, description: "The Slack workspace's team id (T…), from its URL or the app's Basic Information" }),
    name: t.String({ minLength: 1, maxLength: 100, description: 'A name for people, e.g. the Slack workspace name' }),
    role: Role,
    signing_secret: t.String({
      pattern: SIGNING_SECRET_PATTERN,
      description: "The Slack app's Signing Secret (Basic Information → App Credentials); sealed at rest, never answered",
    }),
    domain: t.Optional(
      t.String({ maxLength: 253, description: "The domain of the links the command makes: one of the workspace's domains (default: the default domain)" }),
    ),
  },
  { additionalProperties: false },
);

export const SlackLink = t.Object({
  id: t.String(),
  team_id: t.String(),
  name: t.String(),
  role: Role,
  domain: t.Union([t.String(), t.Null()]),
  created_by: t.String(),
  created_at: t.String(),
  last_used_at: t.Union([t.String(), t.Null()]),
});
export const SlackLinkList = t.Object({ slack_links: t.Array(SlackLink) });
export const SlackLinkParams = t.Object({ wsId: t.String(), slackLinkId: t.String() });
