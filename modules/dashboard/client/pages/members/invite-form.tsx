import { useState } from 'preact/hooks';
import { api } from '../../api';
import type { Role } from '../../session';
import { Button, Field, PlanNotice, planRefusal, toast, useSubmit } from '../../ui';
import { assignableRoles } from './rules';

/** Invite by e-mail with a role up to the inviter's own; the plan's member limit answers with the API's 402 message. */
export function InviteForm({ wsId, own, onInvited }: { wsId: string; own: Role; onInvited(): void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const { busy, failure, submit } = useSubmit(async () => {
    await api.post('/api/workspaces/{wsId}/invites', { params: { path: { wsId } }, body: { email, role } });
    toast(`Invitation sent to ${email.trim()}`);
    setEmail('');
    onInvited();
  });
  const planLimit = planRefusal(failure);
  const error = failure && !planLimit ? (failure as Error).message : undefined;

  return (
    <form class="panel invite-form" onSubmit={submit} aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      {planLimit && <PlanNotice message={planLimit} />}
      <div class="invite-fields">
        <Field label="E-mail" type="email" required autoComplete="off" value={email} error={error} onInput={(e) => setEmail(e.currentTarget.value)} />
        <Field label="Role">
          {(control) => (
            <select {...control} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
              {assignableRoles(own).map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" variant="primary" busy={busy}>
          Send invitation
        </Button>
      </div>
      <p class="field-hint">The invitation e-mail is valid for 7 days; a pending invitation takes a seat of the plan.</p>
    </form>
  );
}
