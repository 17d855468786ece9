import { t } from 'elysia';
import { withExample } from '../../core/model';

const roleSchema = t.Union([t.Literal('viewer'), t.Literal('editor'), t.Literal('admin'), t.Literal('owner')]);

/** The authorization request as the app sent it to the consent page (each part checked by the service, to say what is wrong in words). */
const requestFields = {
  client_id: t.Optional(t.String()),
  redirect_uri: t.Optional(t.String()),
  response_type: t.Optional(t.String()),
  code_challenge: t.Optional(t.String()),
  code_challenge_method: t.Optional(t.String()),
  state: t.Optional(t.String()),
  resource: t.Optional(t.String()),
  scope: t.Optional(t.String()),
};

export const AuthorizationQuery = t.Object(requestFields);

export const AuthorizationSummary = t.Object({
  client_name: t.String({ description: 'The name the app registered itself with (its own claim)' }),
  redirect_host: t.String({ description: 'Where the answer goes: the host of the redirect URI' }),
  browser_extension: t.Boolean({
    description: "true when the answer goes to a browser extension's page (chrome-extension://, moz-extension://, or the identity API's host)",
  }),
  through: t.UnionEnum(['mcp', 'api'], {
    description: 'What the tokens will work on: the MCP tools (resource {SITE_URL}/mcp, the default) or the REST API ({SITE_URL}/api)',
  }),
});

export const ConsentBody = withExample(
  t.Object({
    ...requestFields,
    allow: t.Boolean({ description: 'true: Allow; false: Deny (the app is told access_denied)' }),
    workspace_id: t.Optional(t.String({ description: 'With allow: the workspace the app acts in' })),
    role: t.Optional(t.String({ description: 'With allow: viewer, editor, admin or owner, at most your own role there' })),
  }),
  {
    client_id: '<client id from POST /oauth/register>',
    redirect_uri: 'http://127.0.0.1:33418/callback',
    response_type: 'code',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'af0ifjsldkj',
    resource: 'https://linkhop.example.com/mcp',
    allow: true,
    workspace_id: '<workspace id>',
    role: 'viewer',
  },
);

export const ConsentAnswer = t.Object({ redirect_to: t.String({ description: "The app's redirect URI with the code (or the error) and state" }) });

export const OAuthGrantItem = t.Object({
  id: t.String(),
  client_name: t.String(),
  redirect_host: t.String(),
  workspace_id: t.String(),
  workspace_name: t.Union([t.String(), t.Null()], { description: 'null once you are no longer a member (the app can do nothing there)' }),
  role: roleSchema,
  created_at: t.String({ format: 'date-time' }),
  last_used_at: t.Union([t.String({ format: 'date-time' }), t.Null()]),
});

export const OAuthGrantList = t.Object({ data: t.Array(OAuthGrantItem) });
export const GrantParams = t.Object({ grantId: t.String() });
