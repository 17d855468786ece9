import { useState } from 'preact/hooks';
import { api, ApiFailure, hasCode } from '../api';
import { useSession } from '../session';
import { Button, ErrorNotice, Loading, navigate, toast, useLoad } from '../ui';
import { useHashToken } from './hash-token';

const GONE = {
  not_found: 'This invitation does not exist. Check that you opened the whole link from the mail.',
  gone: 'This invitation has expired or was already accepted. Ask the workspace owner for a new one.',
};
/** What a failure says about the invitation: that it is unknown or used up, in words for the invitee; else the failure. */
const invitationFailure = (failure: unknown) => (hasCode(failure, 'gone') ? GONE.gone : hasCode(failure, 'not_found') ? GONE.not_found : failure);

/** `/app/invite#token=…`: what the invitation is for, and one button that joins and signs in. */
export function InvitePage() {
  const { refresh } = useSession();
  const [token] = useHashToken();
  const invitation = useLoad(
    () => (token ? api.get('/api/invites/{token}', { params: { path: { token } } }) : Promise.reject(new ApiFailure(404, GONE.not_found))),
    [token],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  // an existing account joins only signed in as itself: the API mails it a sign-in link and answers 401
  const [signInMailed, setSignInMailed] = useState(false);

  const join = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const joined = await api.post('/api/invites/{token}/join', { params: { path: { token: token! } }, body: {} });
      await refresh();
      toast(`You joined ${invitation.data!.workspace.name}`);
      navigate(`/app/w/${joined.workspace_id}`, { replace: true });
    } catch (failure) {
      if (hasCode(failure, 'unauthenticated')) setSignInMailed(true);
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const failure = invitation.error;
  return (
    <main id="main" class="standalone invite">
      <h1>Invitation</h1>
      {invitation.loading && <Loading label="Reading the invitation…" />}
      {failure !== undefined && <ErrorNotice error={invitationFailure(failure)} />}
      {signInMailed && invitation.data && (
        <div class="notice notice-success" role="status">
          <h2>Sign in to join {invitation.data.workspace.name}</h2>
          <p>
            {invitation.data.email} already has a Linkhop account, so it joins only when signed in. We mailed it a sign-in link: open it, then open this
            invitation again.
          </p>
        </div>
      )}
      {invitation.data && !signInMailed && (
        <div class="invite-card">
          <p>
            You are invited to <strong>{invitation.data.workspace.name}</strong> as <strong>{invitation.data.role}</strong>.
          </p>
          <p class="muted">
            Invitation for {invitation.data.email}; it expires {new Date(invitation.data.expires_at).toLocaleString()}.
          </p>
          {error !== undefined && <ErrorNotice error={invitationFailure(error)} />}
          <Button variant="primary" busy={busy} onClick={join}>
            Join {invitation.data.workspace.name}
          </Button>
        </div>
      )}
    </main>
  );
}
