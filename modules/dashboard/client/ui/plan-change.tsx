import { useSession } from '../session';

/**
 * How a plan changes on a self-hosted instance, said under every "not on this plan" state: there is no
 * billing, the instance's operators set plans (in the operator console) and DEFAULT_PLAN names new workspaces' plan.
 * `short`: one clause, for a page that shows several locked sections (the link editor).
 */
export function PlanChange({ short = false }: { short?: boolean }) {
  const { session } = useSession();
  const operator = session?.user.is_operator === true;
  if (short)
    return (
      <p class="plan-change">
        {operator ? (
          <>
            Change the plan in the <a href="/app/operator">operator console</a>.
          </>
        ) : (
          'Your instance operator can change the plan.'
        )}
      </p>
    );
  if (operator)
    return (
      <p class="plan-change">
        You run this instance: change this workspace’s plan in the <a href="/app/operator">operator console</a>. New workspaces start on the plan the server’s{' '}
        <code>DEFAULT_PLAN</code> setting names.
      </p>
    );
  return (
    <p class="plan-change">
      Plans are set by whoever runs this Linkhop instance: ask your instance operator to change this workspace’s plan. New workspaces start on the plan the
      server’s <code>DEFAULT_PLAN</code> setting names.
    </p>
  );
}
