import { useEffect, useRef, useState } from 'preact/hooks';
import { featureMessage, hasFeature } from '../../../../../core/plans';
import { api, type ApiAnswer } from '../../api';
import { useSession, useWorkspace, type Workspace } from '../../session';
import { NameSlugForm, type Column, DataTable, Day, EmptyState, FailureNotice, Loading, PlanNotice, toast, useLoad } from '../../ui';
import './clients.css';

type ClientItem = ApiAnswer<'get', '/api/workspaces/{wsId}/clients'>['clients'][number];

const COLUMNS: Column<ClientItem>[] = [
  { label: 'Name', rowHeader: true, cell: (c) => c.name },
  { label: 'Slug', cell: (c) => <code>{c.slug}</code> },
  { label: 'Plan', cell: (c) => c.plan },
  { label: 'Links', numeric: true, cell: (c) => c.link_count.toLocaleString('en-US') },
  { label: 'Clicks', numeric: true, cell: (c) => c.click_count.toLocaleString('en-US') },
  { label: 'Created', cell: (c) => <Day iso={c.created_at} /> },
];

/** "Open" where the person belongs to the client workspace (the switcher lists it too); otherwise says so. */
function OpenClient({ client, mine }: { client: ClientItem; mine: Workspace[] }) {
  if (!mine.some((w) => w.id === client.id)) return <span class="muted">Not a member</span>;
  return (
    <a href={`/app/w/${client.id}`} class="button button-quiet">
      Open<span class="visually-hidden"> {client.name}</span>
    </a>
  );
}

/**
 * An Agency workspace's client workspaces: everyone lists them, the owner creates them. Other plans
 * get the reason the API gives when one is created there (its 402 message, from the same table).
 */
export function ClientsPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const { session, refresh } = useSession();
  const list = useLoad(() => api.get('/api/workspaces/{wsId}/clients', { params: { path: { wsId } } }), [wsId]);
  const onPlan = hasFeature(workspace.plan, 'clients');
  const mayCreate = onPlan && workspace.role === 'owner';
  const created = async (name: string) => {
    // the new workspace joins the session's list first, so the switcher and its row's "Open" know it
    await refresh().catch(() => {});
    toast(`Created client workspace “${name}”; it is in the workspace switcher`);
    list.reload();
  };
  const clients = list.data?.clients ?? [];
  // a client made elsewhere since the session loaded (by another owner, through the API): reload the
  // session once, so the switcher and "Open" know whether the person belongs to it
  // before the list shows (no "Not a member" that then turns into "Open")
  const [sessionChecked, setSessionChecked] = useState(false);
  const checking = useRef(false);
  useEffect(() => {
    if (checking.current || !list.data) return;
    checking.current = true;
    const unknown = list.data.clients.some((c) => !session?.workspaces.some((w) => w.id === c.id));
    (unknown ? refresh().catch(() => {}) : Promise.resolve()).then(() => setSessionChecked(true));
  }, [list.data]);
  return (
    <div class="clients-page">
      <h1>Client workspaces</h1>
      <p class="muted">Separate workspaces for the clients of an agency, each with its own links, members and plan.</p>
      {!onPlan && <PlanNotice message={featureMessage('clients')} />}
      {mayCreate && (
        <NameSlugForm
          id="new-client-heading"
          title="New client workspace"
          intro={<p class="muted">It starts on the Free plan, with this workspace’s owners as its owners.</p>}
          slugLabel="Slug"
          slugHint="Lowercase letters, digits and hyphens; made from the name when empty."
          submitLabel="Create client workspace"
          create={async (body) => void created((await api.post('/api/workspaces/{wsId}/clients', { params: { path: { wsId } }, body })).name)}
        />
      )}
      {onPlan && !mayCreate && (
        <div class="notice" role="note">
          <p>Only the workspace owner creates client workspaces. Your role here is {workspace.role}.</p>
        </div>
      )}
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !list.data || !sessionChecked ? (
        <Loading />
      ) : clients.length > 0 ? (
        <>
          <h2>Clients</h2>
          <DataTable
            caption={`Client workspaces, ${clients.length} in all`}
            rows={clients}
            rowKey={(c) => c.id}
            columns={COLUMNS}
            actions={(c) => <OpenClient client={c} mine={session?.workspaces ?? []} />}
          />
        </>
      ) : (
        onPlan && (
          <EmptyState title="No client workspaces yet">
            <p>{mayCreate ? 'Create one above for each client.' : 'The owner creates them.'}</p>
          </EmptyState>
        )
      )}
    </div>
  );
}
