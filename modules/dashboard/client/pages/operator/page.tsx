import { useState } from 'preact/hooks';
import { useSession } from '../../session';
import { EmptyState } from '../../ui';
import { OperatorAudit } from './audit';
import './operator.css';
import { OperatorUsers } from './users';
import { OperatorWorkspaces } from './workspaces';

/** The instance's operator console: every workspace and user. Anyone else is told it is not for them (the API refuses them anyway). */
export function OperatorConsolePage() {
  const { session } = useSession();
  // each action taken here shows in the operator actions below at once
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((n) => n + 1);
  if (!session?.user.is_operator) {
    return (
      <div class="operator-page">
        <h1>Operator console</h1>
        <EmptyState title="Not available">
          <p>The operator console is for the operators of this Linkhop instance only, and you are not one.</p>
          <p>To change a workspace’s plan, or for anything else about the instance, ask your instance operator.</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div class="operator-page">
      <h1>Operator console</h1>
      <p class="muted">
        Every workspace and user of this instance. What operators do is recorded under Operator actions, and plan changes also in the workspace’s audit log; new
        workspaces start on the plan the server’s <code>DEFAULT_PLAN</code> names.
      </p>
      <OperatorWorkspaces onChange={changed} />
      <OperatorUsers onChange={changed} />
      <OperatorAudit changes={changes} />
    </div>
  );
}
