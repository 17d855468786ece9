import type { ComponentChildren } from 'preact';
import { ApiFailure } from '../api';
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
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div class="notice notice-error" role="alert">
      <p>{message}</p>
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

/** ErrorNotice, or PlanNotice when the API answered 402. */
export function FailureNotice({ error, retry }: { error: unknown; retry?: () => void }) {
  if (error instanceof ApiFailure && error.status === 402) return <PlanNotice message={error.message} />;
  return <ErrorNotice error={error} retry={retry} />;
}
