import { AUDIT_ACTIONS } from '../../../../audit/shared';
import type { ApiAnswer, ApiQuery } from '../../api';
import { Field, QuerySelect, setAddressQuery } from '../../ui';
import { ACTION_WORDS } from './describe';

export type MemberChoice = ApiAnswer<'get', '/api/workspaces/{wsId}/members'>['members'][number];

/** Address keys that narrow the log (the page is kept apart). */
export const FILTER_KEYS = ['action', 'user', 'from', 'to'] as const;
export const PAGE_SIZE = 20;

/** A calendar day of the filter (YYYY-MM-DD, the person's own time zone) → the instant the API compares with. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** The page's address query → the API's: `user` is a user id, the days become instants ("to" includes its whole day). */
export function auditQuery(query: URLSearchParams): ApiQuery<'get', '/api/workspaces/{wsId}/audit-log'> {
  const from = query.get('from');
  const to = query.get('to');
  return {
    page: Number(query.get('page')) || 1,
    limit: PAGE_SIZE,
    action: query.get('action') || undefined,
    user_id: query.get('user') || undefined,
    from: from && !Number.isNaN(Date.parse(from)) ? dayStart(from) : undefined,
    to: to && !Number.isNaN(Date.parse(to)) ? dayEnd(to) : undefined,
  };
}

/** Action, person and date range; every choice goes to the address, so a filtered view can be shared and Back undoes it. */
export function AuditFilters({ query, members }: { query: URLSearchParams; members: MemberChoice[] }) {
  const user = query.get('user') ?? '';
  const people: [string, string][] = members.map((m) => [m.id, m.name ? `${m.name} (${m.email})` : m.email]);
  // someone who has left the workspace stays choosable while the address names them
  if (user && !members.some((m) => m.id === user)) people.push([user, `Former member ${user}`]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role, as ARIA 1.2 describes (the <search> element is not in every supported browser)
    <form class="audit-filters" role="search" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
      <QuerySelect
        label="Action"
        name="action"
        query={query}
        options={[['', 'Any action'], ...AUDIT_ACTIONS.map((a) => [a, ACTION_WORDS[a]] as [string, string])]}
      />
      <QuerySelect label="Who" name="user" query={query} options={[['', 'Anyone'], ...people]} />
      <Field
        label="From"
        class="filter"
        type="date"
        value={query.get('from') ?? ''}
        onChange={(event) => setAddressQuery({ from: event.currentTarget.value })}
      />
      <Field label="To" class="filter" type="date" value={query.get('to') ?? ''} onChange={(event) => setAddressQuery({ to: event.currentTarget.value })} />
    </form>
  );
}
