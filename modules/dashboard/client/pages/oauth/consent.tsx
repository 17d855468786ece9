import { useState } from 'preact/hooks';
import { api, type ApiQuery } from '../../api';
import { homeWorkspace, ROLES, type Role, useSession } from '../../session';
import { Button, ErrorNotice, Field, Loading, useLoad, useLocation } from '../../ui';
import './oauth.css';

/** What each role lets an app do (through the MCP tools or the REST API alike). */
const ROLE_POWERS: Record<Role, string> = {
  viewer: 'read links, stats, domains and tags',
  editor: 'read, and create and change links',
  admin: 'read, create, change and delete links',
  owner: 'read, create, change and delete links',
};

type AuthorizationRequest = ApiQuery<'get', '/api/oauth/authorization'>;
const REQUEST_FIELDS = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state', 'resource', 'scope'] as const;

/** The app's authorization request as it came in the address (only the parameters the API knows). */
function requestOf(query: URLSearchParams): AuthorizationRequest {
  const request: Record<string, string> = {};
  for (const name of REQUEST_FIELDS) {
    const value = query.get(name);
    if (value !== null) request[name] = value;
  }
  return request;
}

/**
 * `/app/oauth/authorize?…`: an app (an MCP client, the browser extension) asks to act for the signed-in person. They pick
 * the workspace and a role up to their own, then Allow or Deny; either way the browser goes back
 * to the app with the answer.
 */
export function OAuthConsentPage() {
  const { session } = useSession();
  const { query } = useLocation();
  const request = requestOf(query);
  const summary = useLoad(() => api.get('/api/oauth/authorization', { params: { query: request } }), [query.toString()]);
  const workspaces = session!.workspaces;
  const [workspaceId, setWorkspaceId] = useState(homeWorkspace(session!)?.id ?? '');
  const workspace = workspaces.find((w) => w.id === workspaceId);
  const grantable = workspace ? ROLES.slice(0, ROLES.indexOf(workspace.role) + 1) : [];
  const [chosenRole, setRole] = useState<Role | undefined>();
  const role = chosenRole && grantable.includes(chosenRole) ? chosenRole : grantable.at(-1);
  const [busy, setBusy] = useState<'allow' | 'deny'>();
  const [error, setError] = useState<unknown>();

  const answer = async (allow: boolean) => {
    setBusy(allow ? 'allow' : 'deny');
    setError(undefined);
    try {
      const { redirect_to } = await api.post('/api/oauth/authorization', {
        body: { ...request, allow, ...(allow ? { workspace_id: workspaceId, role } : {}) },
      });
      location.assign(redirect_to);
    } catch (failure) {
      setError(failure);
      setBusy(undefined);
    }
  };

  return (
    <main id="main" class="standalone oauth-consent">
      <h1>Connect an app</h1>
      {summary.loading && <Loading label="Reading the app's request…" />}
      {summary.error !== undefined && (
        <>
          <ErrorNotice error={summary.error} />
          <p>This request cannot be answered. Start the connection again from the app.</p>
        </>
      )}
      {summary.data && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void answer(true);
          }}
        >
          <p>
            <strong class="oauth-client">{summary.data.client_name}</strong>
            {summary.data.browser_extension && <span class="oauth-kind"> (a browser extension)</span>} asks to use Linkhop as you, through{' '}
            {summary.data.through === 'api' ? 'the API' : 'its MCP tools'}.
          </p>
          <p class="muted">
            That name is the app's own claim. After you answer you go back to <strong>{summary.data.redirect_host}</strong>: connect only apps you started from
            there.
          </p>
          {workspaces.length === 0 ? (
            <p>You are not in any workspace yet, so there is nothing to grant.</p>
          ) : (
            <>
              <Field label="Workspace" hint="The app acts in this workspace only.">
                {(control) => (
                  <select {...control} value={workspaceId} onChange={(e) => setWorkspaceId(e.currentTarget.value)}>
                    {workspaces.map((w) => (
                      <option key={w.id} value={w.id}>
                        {w.name} (you are {w.role})
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Role" hint={`At most your own role there. If your role is lowered later, the app's is too.`}>
                {(control) => (
                  <select {...control} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
                    {grantable.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {role && (
                <p class="oauth-grant" role="status">
                  {summary.data.client_name} will be able to {ROLE_POWERS[role]} in <strong>{workspace!.name}</strong>, as <strong>{role}</strong>.
                </p>
              )}
            </>
          )}
          {error !== undefined && <ErrorNotice error={error} />}
          <div class="oauth-actions">
            <Button variant="primary" type="submit" busy={busy === 'allow'} disabled={!role || busy !== undefined}>
              Allow
            </Button>
            <Button busy={busy === 'deny'} disabled={busy !== undefined} onClick={() => void answer(false)}>
              Deny
            </Button>
          </div>
          <p class="muted">You can revoke the app's access at any time on your Account page.</p>
        </form>
      )}
    </main>
  );
}
