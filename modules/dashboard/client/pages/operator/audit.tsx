import { useState } from 'preact/hooks';
import { api, type ApiAnswer } from '../../api';
import { type Column, DataTable, FailureNotice, Loading, Moment, Pagination, useLoad } from '../../ui';
import { parseDetails } from '../audit/describe';

type OperatorEntry = ApiAnswer<'get', '/api/operator/audit-log'>['entries'][number];
const count = (n: number) => n.toLocaleString('en');

const ACTION_WORDS: Record<OperatorEntry['action'], string> = {
  'user.sign_in_link': 'Made a sign-in link',
  'operator.grant': 'Made an operator',
  'operator.revoke': 'Removed an operator',
  'workspace.plan': 'Changed a plan',
  'instance.bootstrap': 'Bootstrapped a workspace',
};

/** What an entry acted on: the user (by e-mail while they exist), the workspace, and a plan's change. */
function Subject({ entry }: { entry: OperatorEntry }) {
  const { from, to } = parseDetails(entry);
  return (
    <>
      {entry.user_id && <span class="operator-subject">{entry.user_email ?? `user ${entry.user_id}`}</span>}
      {entry.workspace_id && <span class="operator-subject">workspace {entry.workspace_id}</span>}
      {typeof from === 'string' && from && typeof to === 'string' && to && (
        <span class="operator-subject">
          {from} → {to}
        </span>
      )}
    </>
  );
}

/**
 * The instance's audit log: what operators did to people and workspaces, newest first. `changes`
 * counts the actions taken on this page, so that each shows here at once.
 */
export function OperatorAudit({ changes }: { changes: number }) {
  const [page, setPage] = useState(1);
  const list = useLoad(() => api.get('/api/operator/audit-log', { params: { query: { page } } }), [page, changes]);
  const columns: Column<OperatorEntry>[] = [
    { label: 'When', rowHeader: true, cell: (e) => <Moment iso={e.created_at} /> },
    { label: 'Operator', cell: (e) => e.operator_email ?? (e.operator_id ? `user ${e.operator_id}` : 'Operator token or command line') },
    { label: 'Action', cell: (e) => ACTION_WORDS[e.action] },
    { label: 'On', cell: (e) => <Subject entry={e} /> },
  ];
  const data = list.data;
  return (
    <section aria-labelledby="operator-audit">
      <h2 id="operator-audit">Operator actions{data ? ` (${count(data.total)})` : ''}</h2>
      <p class="muted">
        Sign-in links, plan changes, operators named or removed and bootstraps, from this console, the operator token and the command line. The person acted on
        is told by e-mail.
      </p>
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !data ? (
        <Loading label="Loading operator actions…" />
      ) : data.entries.length === 0 ? (
        <p class="muted">No operator actions yet.</p>
      ) : (
        <>
          <DataTable caption={`Operator actions, ${count(data.total)} in all`} rows={data.entries} rowKey={(e) => String(e.id)} columns={columns} />
          <Pagination page={data.page} limit={data.limit} total={data.total} onPage={setPage} label="Pages of operator actions" />
        </>
      )}
    </section>
  );
}
