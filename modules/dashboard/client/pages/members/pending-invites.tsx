import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { Role } from '../../session';
import { Button, ConfirmDialog, toast } from '../../ui';

/** A pending invitation as every member sees it (GET …/members). */
export interface PendingInvite {
  email: string;
  role: Role;
  createdAt: string;
}
/** …and as admins see it (GET …/invites): with its id, inviter and expiry. */
export interface Invite {
  id: string;
  email: string;
  role: Role;
  invited_by_email: string;
  expires_at: string;
  created_at: string;
}

const day = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleDateString()}</time>;

/** Invitations not yet accepted; admins (who get `invites`) see who sent each, when it expires, and may resend or revoke it. */
export function PendingInvites({ wsId, pending, invites, onChange }: { wsId: string; pending: PendingInvite[]; invites?: Invite[]; onChange(): void }) {
  const [revoking, setRevoking] = useState<Invite>();
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    const invite = revoking!;
    setBusy(true);
    try {
      await api('DELETE', `/workspaces/${wsId}/invites/${invite.id}`);
      toast(`Invitation to ${invite.email} revoked`);
    } catch (failure) {
      toast(`Could not revoke the invitation to ${invite.email}: ${(failure as Error).message}`);
    } finally {
      setBusy(false);
      setRevoking(undefined);
      onChange();
    }
  };
  const resend = async (invite: Invite) => {
    try {
      await api('POST', `/workspaces/${wsId}/invites/${invite.id}/resend`);
      toast(`Invitation to ${invite.email} sent again`);
    } catch (failure) {
      toast(`Could not resend the invitation to ${invite.email}: ${(failure as Error).message}`);
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
        <div class="table-wrap">
          <table class="members-table">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Sent</th>
                {invites && <th scope="col">Invited by</th>}
                {invites && <th scope="col">Expires</th>}
                {invites && (
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {invites
                ? invites.map((invite) => (
                    <tr key={invite.id}>
                      <td>{invite.email}</td>
                      <td data-label="Role">{invite.role}</td>
                      <td data-label="Sent">{day(invite.created_at)}</td>
                      <td data-label="Invited by">{invite.invited_by_email}</td>
                      <td data-label="Expires">{day(invite.expires_at)}</td>
                      <td class="actions-cell">
                        <Button variant="quiet" onClick={() => resend(invite)}>
                          Resend<span class="visually-hidden"> the invitation to {invite.email}</span>
                        </Button>
                        <Button variant="quiet" onClick={() => setRevoking(invite)}>
                          Revoke<span class="visually-hidden"> the invitation to {invite.email}</span>
                        </Button>
                      </td>
                    </tr>
                  ))
                : pending.map((invite) => (
                    <tr key={invite.email}>
                      <td>{invite.email}</td>
                      <td data-label="Role">{invite.role}</td>
                      <td data-label="Sent">{day(invite.createdAt)}</td>
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
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
