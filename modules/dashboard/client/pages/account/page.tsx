import { useState } from 'preact/hooks';
import { api, type ApiAnswer, failureMessage } from '../../api';
import { useSession } from '../../session';
import { Button, ConfirmDialog, ErrorNotice, Loading, momentText, navigate, toast, useLoad } from '../../ui';
import { AuthorisedApps } from './authorised-apps';
import { browserName } from './browser-name';
import './account.css';

type OpenSession = ApiAnswer<'get', '/api/sessions'>['data'][number];

function SessionItem({ session, onEnded }: { session: OpenSession; onEnded(): void }) {
  const [busy, setBusy] = useState(false);
  const name = browserName(session.user_agent);
  const end = async () => {
    setBusy(true);
    try {
      await api.delete('/api/sessions/{id}', { params: { path: { id: session.id } } });
      toast(`Signed out ${name}`);
      onEnded();
    } catch (error) {
      toast(`Could not sign out ${name}: ${failureMessage(error)}`);
      setBusy(false);
    }
  };
  return (
    <li class="session panel" aria-label={session.current ? `${name} (this browser)` : name}>
      <div>
        <h3>
          {name}
          {session.current && <span class="session-current">This browser</span>}
        </h3>
        <p>
          Signed in {momentText(session.created_at)} · last seen {momentText(session.last_seen_at)}
        </p>
        {session.user_agent && <p class="session-agent muted">{session.user_agent}</p>}
      </div>
      {!session.current && (
        <Button busy={busy} onClick={end} aria-label={`Sign out ${name}, signed in ${momentText(session.created_at)}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The signed-in person: their name and address, their open sessions (each can be signed out), "sign out everywhere" and the apps they authorised. */
export function AccountPage() {
  const { session, signOut } = useSession();
  const sessions = useLoad(() => api.get('/api/sessions'), []);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const user = session!.user;

  const everywhere = async () => {
    setBusy(true);
    try {
      await signOut(true);
      navigate('/app/sign-in', { replace: true });
      toast('Signed out on every device');
    } catch (error) {
      toast(`Could not sign out: ${failureMessage(error)}`);
      setBusy(false);
    }
  };

  return (
    <>
      <div class="page-header">
        <h1>Account</h1>
      </div>
      <section class="account-section panel" aria-labelledby="account-you">
        <h2 id="account-you">You</h2>
        <dl class="account-details">
          <dt>Name</dt>
          <dd>{user.name ?? <span class="muted">Not set</span>}</dd>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </dl>
      </section>
      <section class="account-section" aria-labelledby="account-sessions">
        <h2 id="account-sessions">Open sessions</h2>
        <p class="muted">Every browser signed in to your account. Signing one out ends it at once: its next request asks to sign in again.</p>
        {sessions.error ? (
          <ErrorNotice error={sessions.error} retry={sessions.reload} />
        ) : !sessions.data ? (
          <Loading label="Loading sessions…" />
        ) : (
          <ul class="session-list" aria-label="Open sessions">
            {/* this browser first, then the others as the API orders them (latest use first) */}
            {[...sessions.data.data]
              .sort((a, b) => Number(b.current) - Number(a.current))
              .map((s) => (
                <SessionItem key={s.id} session={s} onEnded={sessions.reload} />
              ))}
          </ul>
        )}
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      </section>
      <AuthorisedApps />
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        danger
        busy={busy}
        onConfirm={everywhere}
        onCancel={() => setConfirming(false)}
      >
        <p>Every open session ends, this browser's too. You will need a new sign-in link on each device.</p>
      </ConfirmDialog>
    </>
  );
}
