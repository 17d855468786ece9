import { expect, test } from 'bun:test';
import type { VNode } from 'preact';
import { ApiFailure, hasCode, isInputRefusal, isPlanRefusal } from '../../modules/dashboard/client/api';
import { failureOf } from '../../modules/dashboard/client/pages/links/errors';
import { ErrorNotice, FailureNotice, PlanNotice } from '../../modules/dashboard/client/ui/states';
import { inputRefusal, planRefusal } from '../../modules/dashboard/client/ui/use-submit';

/**
 * The dashboard reacts to the kind of an API refusal by its `code`, not its status or words. The owned-workspace
 * limit is the telling case: 403 with `limit_reached`, a plan's limit, so the plan notice (a status test for 402 misses it),
 * while a 403 `forbidden` (a role) is an error.
 */
const planMissing = new ApiFailure(402, 'Governance needs the Team plan or higher', { code: 'plan_required' });
const domainsFull = new ApiFailure(402, 'Domain limit reached: the pro plan allows 3 custom domains', { code: 'limit_reached' });
const workspacesFull = new ApiFailure(403, 'Workspace limit reached: the free plan allows owning 1 workspaces', { code: 'limit_reached' });
const notOwner = new ApiFailure(403, 'Only the owner changes settings', { code: 'forbidden' });
const slugTaken = new ApiFailure(409, 'Slug already exists on this domain', { code: 'taken', field: 'config.slug' });

/** What FailureNotice renders: the component at its root and its props (a function component called as preact would). */
const rendered = (props: Parameters<typeof FailureNotice>[0]) => FailureNotice(props) as VNode<any>;

test('FailureNotice: a plan refusal (plan_required, limit_reached on 402 or 403) is the plan notice with the API’s reason; others the error', () => {
  for (const error of [planMissing, domainsFull, workspacesFull]) {
    const notice = rendered({ error });
    expect(notice.type).toBe(PlanNotice);
    expect(notice.props.message).toBe(error.message);
  }
  for (const error of [notOwner, slugTaken, new ApiFailure(404, 'Link not found'), new Error('Failed to fetch'), 'offline']) {
    expect(rendered({ error }).type).toBe(ErrorNotice);
  }
});

test('FailureNotice as a form’s summary: focusable alert, the plan notice for a plan refusal, else what was not saved and why', () => {
  const plan = rendered({ error: planMissing, notSaved: 'The policy was not saved' });
  expect([plan.type, plan.props.role, plan.props.class, plan.props.tabIndex]).toEqual(['div', 'alert', 'form-summary', -1]);
  expect((plan.props.children as VNode<any>).type).toBe(PlanNotice);

  const words = (props: Parameters<typeof FailureNotice>[0]) => (rendered(props).props.children as VNode<{ children: string }>).props.children;
  expect(words({ error: notOwner, notSaved: 'The settings were not saved' })).toBe('The settings were not saved: Only the owner changes settings');
  expect(words({ error: slugTaken, notSaved: 'The template was not saved', atField: true })).toBe(
    'The template was not saved: see the message under the field.',
  );
});

test('the codes a page reacts to: plan refusals, input refusals (under the field), one code among several', () => {
  expect([planMissing, domainsFull, workspacesFull, notOwner, slugTaken].map(isPlanRefusal)).toEqual([true, true, true, false, false]);
  expect(planRefusal(workspacesFull)).toBe(workspacesFull.message);
  expect(planRefusal(notOwner)).toBeUndefined();
  const invalid = new ApiFailure(400, 'Invalid url: not https', { code: 'invalid', field: 'url' });
  const missing = new ApiFailure(400, 'name is required', { code: 'required', field: 'name' });
  expect([invalid, missing, slugTaken, notOwner, planMissing].map(isInputRefusal)).toEqual([true, true, true, false, false]);
  expect(inputRefusal(slugTaken)).toBe(slugTaken.message);
  expect(hasCode(new ApiFailure(429, 'Too many requests', { retryAfter: 30 }), 'rate_limited')).toBe(true);
  expect(hasCode(new ApiFailure(410, 'Invite expired'), 'not_found', 'gone')).toBe(true);
  // not an API answer: no code, whatever it says
  expect(hasCode(new Error('plan_required'), 'plan_required')).toBe(false);
});

test('a form keeps the refusal itself (for its code) and the field it names, inside the body object the form edits', () => {
  expect(failureOf(slugTaken, 'config')).toEqual({ message: slugTaken.message, cause: slugTaken, path: 'slug' });
  expect(failureOf(planMissing)).toEqual({ message: planMissing.message, cause: planMissing, path: undefined });
  const thrown = new Error('Failed to fetch');
  expect(failureOf(thrown)).toEqual({ message: 'Failed to fetch', cause: thrown });
});
