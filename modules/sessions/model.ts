import { t } from 'elysia';
import { Plan, Role, withExample } from '../../core/model';

export const SignInLinkBody = withExample(t.Object({ email: t.String({ maxLength: 320 }) }), { email: 'you@example.com' });
export const SignInBody = withExample(t.Object({ token: t.String({ maxLength: 200, description: 'The token of the sign-in link (after #token=)' }) }), {
  token: '<the token after #token= in the mailed link>',
});

export const SessionUser = t.Object({ id: t.String(), email: t.String(), name: t.Union([t.String(), t.Null()]) });
export const RevokedWithoutProof = t.Object(
  { sessions: t.Number(), api_keys: t.Number(), oauth_grants: t.Number() },
  {
    description:
      'Only on the first sign-in that proved the address (a mailed link) when it ended anything: the sessions, API keys and OAuth grants made for the account before, without that proof (an invitation token opens an account for whoever holds it, the inviter included). Also mailed.',
  },
);
export const SignedIn = t.Object({
  user: SessionUser,
  csrf_token: t.String({ description: 'Send it as X-CSRF-Token with every write made with the session cookie' }),
  revoked_without_proof: t.Optional(RevokedWithoutProof),
});
export const SessionWorkspace = t.Object({
  id: t.String(),
  name: t.String(),
  slug: t.String(),
  plan: Plan,
  role: Role,
  parent_workspace_id: t.Union([t.String(), t.Null()]),
});
export const CurrentSession = t.Object({
  user: t.Object({
    ...SessionUser.properties,
    is_operator: t.Boolean({ description: 'true for an instance operator: the dashboard offers the operator console' }),
  }),
  csrf_token: t.String(),
  workspaces: t.Array(SessionWorkspace),
});

export const OpenSessionItem = t.Object({
  id: t.String({ description: "The session's id (not its secret): name it to sign that session out" }),
  created_at: t.String(),
  last_seen_at: t.String({ description: 'Last use, exact to the hour' }),
  user_agent: t.Union([t.String(), t.Null()], { description: 'The browser that signed in' }),
  current: t.Boolean({ description: 'true for the session making this request' }),
});
export const OpenSessions = t.Object({ data: t.Array(OpenSessionItem) });
export const SessionIdParams = t.Object({ id: t.String({ maxLength: 64 }) });

export const InviteTokenParams = t.Object({ token: t.String({ maxLength: 200 }) });
export const InvitePreview = t.Object({ workspace: t.Object({ id: t.String(), name: t.String() }), role: Role, email: t.String(), expires_at: t.String() });
export const JoinBody = t.Optional(withExample(t.Object({ name: t.Optional(t.String({ maxLength: 100 })) }), { name: 'Alex' }));
export const Joined = t.Object({ workspace_id: t.String(), role: Role });

export const SetupBody = withExample(
  t.Object({
    token: t.String({ maxLength: 200, description: 'The token of the setup link (after #token=)' }),
    email: t.String({ maxLength: 320 }),
    name: t.Optional(t.String({ maxLength: 200 })),
    workspace: t.Optional(t.String({ maxLength: 200, description: 'The name of your workspace (default "My workspace")' })),
  }),
  { token: 'the-token-from-the-setup-link', email: 'you@example.com', name: 'Ada', workspace: 'Marketing' },
);
export const SetupState = t.Object({
  needed: t.Boolean({ description: 'true while the instance has no user: the server prints the one-time setup link at each start' }),
});
export const SignInOptions = t.Object({
  email_links: t.Boolean({ description: 'false when the operator turned e-mail sign-in links off (EMAIL_SIGNIN=false)' }),
  sso: t.Union([t.Object({ name: t.String({ description: 'The provider on the button: "Sign in with {name}"' }) }), t.Null()], {
    description: 'Single sign-on (OpenID Connect), when set up',
  }),
  mail: t.Boolean({ description: 'false when no SMTP_URL is set: mails (sign-in links included) go to the server log instead' }),
  setup_needed: t.Boolean({
    description: 'true while the instance has no user: the server printed a one-time setup link (`bun run cli setup-link` prints it too)',
  }),
});
