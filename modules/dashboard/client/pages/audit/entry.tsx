import { Moment } from '../../ui';
import { actionWords, actorOf, type AuditEntry, detailRows, parseDetails, targetOf } from './describe';

export function Who({ entry }: { entry: AuditEntry }) {
  const actor = actorOf(entry);
  return (
    <>
      {actor.name}
      {actor.email && <span class="audit-email">{actor.email}</span>}
    </>
  );
}

export const When = ({ entry }: { entry: AuditEntry }) => <Moment iso={entry.created_at} />;

export const What = ({ entry }: { entry: AuditEntry }) => (
  <>
    {actionWords(entry.action)}
    <code class="audit-action">{entry.action}</code>
  </>
);

export const Target = ({ entry }: { entry: AuditEntry }) => <span class="audit-target">{targetOf(entry.action, parseDetails(entry)) || '—'}</span>;

/** The details as a definition list people can read, and the JSON as recorded behind a disclosure. */
export function EntryDetails({ entry }: { entry: AuditEntry }) {
  const details = parseDetails(entry);
  const rows = detailRows(details);
  return (
    <div class="audit-details">
      {rows.length ? (
        <dl>
          {rows.map((row) => (
            <div key={row.field}>
              <dt>{row.field}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p class="muted">No details</p>
      )}
      <details>
        <summary>
          Raw JSON<span class="visually-hidden"> of entry {entry.id}</span>
        </summary>
        <pre>{JSON.stringify(details, null, 2)}</pre>
      </details>
    </div>
  );
}
