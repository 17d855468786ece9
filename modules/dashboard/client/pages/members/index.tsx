import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { roleAtLeast, useSession, useWorkspace, type Role } from '../../session';
import { Button, ConfirmDialog, DataTable, Day, FailureNotice, Loading, toast, useLoad } from '../../ui';
import { InviteForm } from './invite-form';
import { PendingInvites } from './pending-invites';
import { assignableRoles, canChangeRole, canRemove, type Member } from './rules';
import './members.css';

function RoleControl({ member, own, onChange }: { member: Member; own: Role; onChange(role: Role): void }) {
  return (
    <select class="table-select" aria-label={`Role of ${member.email}`} value={member.role} onChange={(e) => onChange(e.currentTarget.value as Role)}>
      {assignableRoles(own).map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </select>
  );
}

/** Members with their roles, invitations, and (for admins and owners) role changes and removal under the API's rank rules. */
export function MembersPage({ wsId }: { wsId: string; linkId?: string }) {
  const workspace = useWorkspace();
  const me = useSession().session!.user;
  const isAdmin = roleAtLeast(workspace.role, 'admin');
  const list = useLoad(
    () =>
      Promise.all([
        api.get('/api/workspaces/{wsId}/members', { params: { path: { wsId } } }),
        // the ids to revoke by, and who invited, are for admins only
        isAdmin ? api.get('/api/workspaces/{wsId}/invites', { params: { path: { wsId } } }).then((r) => r.invites) : Promise.resolve(undefined),
      ]),
    [wsId, isAdmin],
  );
  const [removing, setRemoving] = useState<Member>();
  const [busy, setBusy] = useState(false);

  const changeRole = async (member: Member, role: Role) => {
    try {
      await api.patch('/api/workspaces/{wsId}/members/{userId}', { params: { path: { wsId, userId: member.id } }, body: { role } });
      toast(`${member.email} is now ${role}`);
    } catch (failure) {
      toast(`Could not change the role of ${member.email}: ${failureMessage(failure)}`);
    }
    list.reload();
  };
  const remove = async () => {
    const member = removing!;
    setBusy(true);
    try {
      await api.delete('/api/workspaces/{wsId}/members/{userId}', { params: { path: { wsId, userId: member.id } } });
      toast(`${member.email} was removed`);
    } catch (failure) {
      toast(`Could not remove ${member.email}: ${failureMessage(failure)}`);
    } finally {
      setBusy(false);
      setRemoving(undefined);
      list.reload();
    }
  };

  const [data, invites] = list.data ?? [];
  const owners = data?.members.filter((m) => m.role === 'owner').length ?? 0;
  return (
    <div class="members-page">
      <div class="page-header">
        <h1>Members</h1>
      </div>
      {isAdmin && <InviteForm wsId={wsId} own={workspace.role} onInvited={list.reload} />}
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !data ? (
        <Loading label="Loading members…" />
      ) : (
        <>
          <section aria-labelledby="members-heading">
            <h2 id="members-heading">Members ({data.members.length})</h2>
            <DataTable
              caption={`Members, ${data.members.length} in all`}
              rows={data.members}
              rowKey={(member) => member.id}
              columns={[
                {
                  label: 'Person',
                  rowHeader: true,
                  cell: (member) => (
                    <>
                      {member.name && <span class="member-name">{member.name}</span>}
                      <span class="member-email">{member.email}</span>
                      {member.id === me.id && <span class="muted"> (you)</span>}
                    </>
                  ),
                },
                {
                  label: 'Role',
                  cell: (member) =>
                    canChangeRole(workspace.role, me.id, member) ? (
                      <RoleControl member={member} own={workspace.role} onChange={(role) => changeRole(member, role)} />
                    ) : (
                      member.role
                    ),
                },
                { label: 'Joined', cell: (member) => <Day iso={member.joined_at} /> },
              ]}
              actions={(member) =>
                canRemove(workspace.role, me.id, member, owners) && (
                  <Button variant="quiet" onClick={() => setRemoving(member)}>
                    Remove<span class="visually-hidden"> {member.email}</span>
                  </Button>
                )
              }
            />
          </section>
          <PendingInvites wsId={wsId} pending={data.pendingInvites} invites={invites} onChange={list.reload} />
        </>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        title={`Remove ${removing?.email ?? ''}?`}
        confirmLabel="Remove member"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(undefined)}
      >
        <p>They lose access to this workspace at once and are told by e-mail. Inviting them again brings them back.</p>
      </ConfirmDialog>
    </div>
  );
}
