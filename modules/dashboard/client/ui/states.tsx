import type { ComponentChildren } from 'preact';
import { failureMessage, isPlanRefusal } from '../api';
import { Button } from './button';
import { PlanChange } from './plan-change';

/** What an empty list means and what to do next (`children`: the action). */
export function EmptyState({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p class="loading" role="status">
      <span class="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** A failed load: the API's message and, when given, a way to retry. */
export function ErrorNotice({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div class="notice notice-error" role="alert">
      <p>{failureMessage(error)}</p>
      {retry && <Button onClick={retry}>Try again</Button>}
    </div>
  );
}

/** A feature the workspace's plan does not include: the API's 402 reason, stated plainly, and who changes the plan. */
export function PlanNotice({ message }: { message: string }) {
  return (
    <div class="notice notice-plan" role="note">
      <h2>Not on this plan</h2>
      <p>{message}</p>
      <PlanChange />
    </div>
  );
}

interface FailureProps {
  error: unknown;
  retry?: () => void;
  /**
   * A form's refusal, said as what was not saved ("The policy was not saved"). The notice is then the form's summary, focusable
   * (`.form-summary`, see useFocusOnFailure) and announced; `atField`: the message shows under its field.
   */
  notSaved?: string;
  atField?: boolean;
}

/** ErrorNotice, or PlanNotice when the workspace's plan refused (`plan_required`, `limit_reached`); a form's summary with `notSaved`. */
export function FailureNotice({ error, retry, notSaved, atField = false }: FailureProps) {
  const plan = isPlanRefusal(error) ? <PlanNotice message={error.message} /> : undefined;
  if (notSaved === undefined) return plan ?? <ErrorNotice error={error} retry={retry} />;
  return (
    <div tabIndex={-1} role="alert" class="form-summary">
      {plan ?? <p class="notice notice-error">{`${notSaved}: ${atField ? 'see the message under the field.' : failureMessage(error)}`}</p>}
    </div>
  );
}
