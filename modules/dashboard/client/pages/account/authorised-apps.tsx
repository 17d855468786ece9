import { useState } from 'preact/hooks';
import { api, type ApiAnswer, failureMessage } from '../../api';
import { Button, ConfirmDialog, ErrorNotice, Loading, momentText, toast, useLoad } from '../../ui';

type Grant = ApiAnswer<'get', '/api/oauth/grants'>['data'][number];

function GrantItem({ grant, onRevoke }: { grant: Grant; onRevoke(grant: Grant): void }) {
  const where = grant.workspace_name ?? 'a workspace you left';
  return (
    <li class="session panel" aria-label={`${grant.client_name} in ${where}`}>
      <div>
        <h3>{grant.client_name}</h3>
        <p>
          {where} · as {grant.role} · answers go to {grant.redirect_host}
        </p>
        <p class="muted">
          Authorised {momentText(grant.created_at)} · {grant.last_used_at ? `last used ${momentText(grant.last_used_at)}` : 'not used yet'}
        </p>
      </div>
      <Button variant="danger" onClick={() => onRevoke(grant)} aria-label={`Revoke ${grant.client_name} in ${where}`}>
        Revoke
      </Button>
    </li>
  );
}

/** The apps (MCP clients) the person connected by OAuth: each one's workspace, role and last use, and Revoke. */
export function AuthorisedApps() {
  const grants = useLoad(() => api.get('/api/oauth/grants'), []);
  const [revoking, setRevoking] = useState<Grant>();
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    const grant = revoking!;
    setBusy(true);
    try {
      await api.delete('/api/oauth/grants/{grantId}', { params: { path: { grantId: grant.id } } });
      toast(`Revoked ${grant.client_name}`);
      grants.reload();
    } catch (error) {
      toast(`Could not revoke ${grant.client_name}: ${failureMessage(error)}`);
    } finally {
      setBusy(false);
      setRevoking(undefined);
    }
  };

  return (
    <section class="account-section" aria-labelledby="account-apps">
      <h2 id="account-apps">Authorised apps</h2>
      <p class="muted">Apps you connected to Linkhop's MCP server by OAuth. Revoking one ends its access at once.</p>
      {grants.error ? (
        <ErrorNotice error={grants.error} retry={grants.reload} />
      ) : !grants.data ? (
        <Loading label="Loading authorised apps…" />
      ) : grants.data.data.length === 0 ? (
        <p>No app is connected.</p>
      ) : (
        <ul class="session-list" aria-label="Authorised apps">
          {grants.data.data.map((g) => (
            <GrantItem key={g.id} grant={g} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        title={`Revoke ${revoking?.client_name ?? ''}?`}
        confirmLabel="Revoke"
        danger
        busy={busy}
        onConfirm={revoke}
        onCancel={() => setRevoking(undefined)}
      >
        <p>The app can no longer act in {revoking?.workspace_name ?? 'that workspace'}. To use it again, connect it anew.</p>
      </ConfirmDialog>
    </section>
  );
}
