import { api } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, type Column, DataTable, EmptyState, FailureNotice, Loading, Pagination, setAddressQuery, useLoad, useLocation } from '../../ui';
import './audit.css';
import type { AuditEntry } from './describe';
import { EntryDetails, Target, What, When, Who } from './entry';
import { AuditFilters, auditQuery, FILTER_KEYS } from './filters';

const COLUMNS: Column<AuditEntry>[] = [
  { label: 'When', rowHeader: true, cell: (entry) => <When entry={entry} /> },
  { label: 'Who', cell: (entry) => <Who entry={entry} /> },
  { label: 'Action', cell: (entry) => <What entry={entry} /> },
  { label: 'Target', cell: (entry) => <Target entry={entry} /> },
  { label: 'Details', cell: (entry) => <EntryDetails entry={entry} /> },
];

/** The workspace's audit log for admins and the owner (the API answers everyone else 403, so they are told who can read it). */
export function AuditLogPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const mayRead = roleAtLeast(workspace.role, 'admin');
  const { query } = useLocation();
  const apiQuery = auditQuery(query);
  const log = useLoad(
    () => (mayRead ? api.get('/api/workspaces/{wsId}/audit-log', { params: { path: { wsId }, query: apiQuery } }) : Promise.resolve(undefined)),
    [wsId, JSON.stringify(apiQuery), mayRead],
  );
  const members = useLoad(
    () => (mayRead ? api.get('/api/workspaces/{wsId}/members', { params: { path: { wsId } } }).then((r) => r.members) : Promise.resolve([])),
    [wsId, mayRead],
  );

  if (!mayRead) {
    return (
      <div class="audit-page">
        <h1>Audit log</h1>
        <div class="notice" role="note">
          <p>Only admins and the owner can read the audit log. Your role in this workspace is {workspace.role}.</p>
        </div>
      </div>
    );
  }
  const filtered = FILTER_KEYS.some((key) => query.get(key));
  const data = log.data;
  return (
    <div class="audit-page">
      <h1>Audit log</h1>
      <p class="muted">Who changed what in this workspace, newest first. The log cannot be edited.</p>
      <AuditFilters query={query} members={members.data ?? []} />
      {log.error ? (
        <FailureNotice error={log.error} retry={log.reload} />
      ) : !data ? (
        <Loading />
      ) : data.entries.length === 0 ? (
        <EmptyState title={filtered ? 'No entries match these filters' : 'Nothing recorded yet'}>
          {filtered && <Button onClick={() => setAddressQuery(Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])))}>Clear filters</Button>}
        </EmptyState>
      ) : (
        <>
          <p class="audit-count" role="status">
            {data.total.toLocaleString('en')} {data.total === 1 ? 'entry' : 'entries'}
            {filtered ? ' match' : ''}
          </p>
          <DataTable
            caption={`Audit log entries, page ${data.page} of ${Math.max(1, Math.ceil(data.total / data.limit))}`}
            rows={data.entries}
            rowKey={(entry) => String(entry.id)}
            columns={COLUMNS}
          />
          <Pagination
            page={data.page}
            limit={data.limit}
            total={data.total}
            onPage={(page) => setAddressQuery({ page: String(page) })}
            label="Pages of the audit log"
          />
        </>
      )}
    </div>
  );
}
