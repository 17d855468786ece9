import { useState } from 'preact/hooks';
import { api, type ApiAnswer, failureMessage } from '../../api';
import { Button, ConfirmDialog, DataTable, Day, toast } from '../../ui';

/** A pending invitation as every member sees it (GET …/members). */
type PendingInvite = ApiAnswer<'get', '/api/workspaces/{wsId}/members'>['pendingInvites'][number];
/** …and as admins see it (GET …/invites): with its id, inviter and expiry. */
type Invite = ApiAnswer<'get', '/api/workspaces/{wsId}/invites'>['invites'][number];

/** Invitations not yet accepted; admins (who get `invites`) see who sent each, when it expires, and may resend or revoke it. */
export function PendingInvites({ wsId, pending, invites, onChange }: { wsId: string; pending: PendingInvite[]; invites?: Invite[]; onChange(): void }) {
  const [revoking, setRevoking] = useState<Invite>();
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    const invite = revoking!;
    setBusy(true);
    try {
      await api.delete('/api/workspaces/{wsId}/invites/{inviteId}', { params: { path: { wsId, inviteId: invite.id } } });
      toast(`Invitation to ${invite.email} revoked`);
    } catch (failure) {
      toast(`Could not revoke the invitation to ${invite.email}: ${failureMessage(failure)}`);
    } finally {
      setBusy(false);
      setRevoking(undefined);
      onChange();
    }
  };
  const resend = async (invite: Invite) => {
    try {
      await api.post('/api/workspaces/{wsId}/invites/{inviteId}/resend', { params: { path: { wsId, inviteId: invite.id } } });
      toast(`Invitation to ${invite.email} sent again, with a new link`);
    } catch (failure) {
      toast(`Could not resend the invitation to ${invite.email}: ${failureMessage(failure)}`);
    }
    onChange();
  };
  const count = invites?.length ?? pending.length;
  return (
    <section aria-labelledby="invites-heading">
      <h2 id="invites-heading">Pending invitations ({count})</h2>
      {count === 0 ? (
        <p class="muted">No invitation is waiting for an answer.</p>
      ) : (
        <DataTable<Invite | PendingInvite>
          caption={`Pending invitations, ${count} in all`}
          rows={invites ?? pending}
          rowKey={(invite) => invite.email}
          columns={[
            { label: 'E-mail', rowHeader: true, cell: (invite) => invite.email },
            { label: 'Role', cell: (invite) => invite.role },
            { label: 'Sent', cell: (invite) => <Day iso={'id' in invite ? invite.created_at : invite.createdAt} /> },
            ...(invites
              ? [
                  { label: 'Invited by', cell: (invite: Invite | PendingInvite) => ('id' in invite ? invite.invited_by_email : '') },
                  { label: 'Expires', cell: (invite: Invite | PendingInvite) => ('id' in invite ? <Day iso={invite.expires_at} /> : '') },
                ]
              : []),
          ]}
          actions={
            invites &&
            ((invite) => {
              if (!('id' in invite)) return null;
              return (
                <>
                  <Button variant="quiet" onClick={() => resend(invite)}>
                    Resend<span class="visually-hidden"> the invitation to {invite.email}</span>
                  </Button>
                  <Button variant="quiet" onClick={() => setRevoking(invite)}>
                    Revoke<span class="visually-hidden"> the invitation to {invite.email}</span>
                  </Button>
                </>
              );
            })
          }
        />
      )}
      <ConfirmDialog
        open={Boolean(revoking)}
        title={`Revoke the invitation to ${revoking?.email ?? ''}?`}
        confirmLabel="Revoke invitation"
        danger
        busy={busy}
        onConfirm={revoke}
        onCancel={() => setRevoking(undefined)}
      >
        <p>The link in the invitation e-mail stops working. You can invite the same address again later.</p>
      </ConfirmDialog>
    </section>
  );
}
