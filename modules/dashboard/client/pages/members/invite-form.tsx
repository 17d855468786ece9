import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import type { Role } from '../../session';
import { Button, CopyButton, Field, PlanNotice, planRefusal, toast, useSubmit } from '../../ui';
import { useSignInOptions } from '../sso';
import { assignableRoles } from './rules';

/**
 * Invite by e-mail with a role up to the inviter's own; the plan's member limit answers with the API's 402 message.
 * Without a mail server the invitation mail only reaches the server log, so the link it carries is shown here to pass on.
 */
export function InviteForm({ wsId, own, onInvited }: { wsId: string; own: Role; onInvited(): void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [handOut, setHandOut] = useState<{ email: string; url: string }>();
  const options = useSignInOptions();
  const mailed = options.data?.mail !== false;
  const { busy, failure, submit } = useSubmit(async () => {
    setHandOut(undefined);
    const invite = await api.post('/api/workspaces/{wsId}/invites', { params: { path: { wsId } }, body: { email, role } });
    if (mailed) toast(`Invitation sent to ${invite.email}`);
    // the accept page the invitation mail links to (modules/invites/mails.ts); the dashboard is served from the site URL
    else setHandOut({ email: invite.email, url: `${location.origin}/app/invite#token=${invite.token}` });
    setEmail('');
    onInvited();
  });
  const planLimit = planRefusal(failure);
  const error = failure && !planLimit ? failureMessage(failure) : undefined;

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
          {mailed ? 'Send invitation' : 'Create invitation'}
        </Button>
      </div>
      {handOut && (
        <div class="invite-link" role="status">
          <p>No mail server is set up, so no e-mail was sent. Send {handOut.email} this invitation link yourself:</p>
          <div class="invite-link-row">
            <code>{handOut.url}</code>
            <CopyButton text={handOut.url} name="invitation link" />
          </div>
        </div>
      )}
      <p class="field-hint">
        {mailed ? 'The invitation e-mail is valid for 7 days' : 'The invitation link is valid for 7 days'}; a pending invitation takes a seat of the plan.
      </p>
    </form>
  );
}
