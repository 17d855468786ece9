import { useEffect, useRef, useState } from 'preact/hooks';
import { featureMessage, hasFeature, type Plan } from '../../../../../core/plans';
import { api } from '../../api';
import { useSession, useWorkspace, type Workspace } from '../../session';
import {
  AppLink,
  Button,
  type Column,
  DataTable,
  Day,
  EmptyState,
  FailureNotice,
  Field,
  inputRefusal,
  Loading,
  PlanNotice,
  toast,
  useLoad,
  useSubmit,
} from '../../ui';
import './clients.css';

interface ClientItem {
  id: string;
  name: string;
  slug: string;
  plan: string;
  link_count: number;
  click_count: number;
  created_at: string;
}

const COLUMNS: Column<ClientItem>[] = [
  { label: 'Name', rowHeader: true, cell: (c) => c.name },
  { label: 'Slug', cell: (c) => <code>{c.slug}</code> },
  { label: 'Plan', cell: (c) => c.plan },
  { label: 'Links', numeric: true, cell: (c) => c.link_count.toLocaleString('en-US') },
  { label: 'Clicks', numeric: true, cell: (c) => c.click_count.toLocaleString('en-US') },
  { label: 'Created', cell: (c) => <Day iso={c.created_at} /> },
];

/** Name and optional slug of a new client workspace (the owner's only). */
function CreateClientForm({ wsId, onCreated }: { wsId: string; onCreated(name: string): void }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const { busy, failure, submit } = useSubmit(async () => {
    const created = await api<{ id: string; name: string }>('POST', `/workspaces/${wsId}/clients`, { name, ...(slug.trim() ? { slug: slug.trim() } : {}) });
    setName('');
    setSlug('');
    onCreated(created.name);
  });
  // 400 (name, slug) and 409 (slug taken) belong under a field; the rest (402 limit) below the form
  const message = inputRefusal(failure);
  const onSlug = message !== undefined && /slug/i.test(message);
  return (
    <form class="panel client-form" onSubmit={submit} aria-labelledby="new-client-heading">
      <h2 id="new-client-heading">New client workspace</h2>
      <p class="muted">It starts on the Free plan, with this workspace’s owners as its owners.</p>
      <div class="client-form-fields">
        <Field label="Name" maxLength={100} value={name} error={message && !onSlug ? message : undefined} onInput={(e) => setName(e.currentTarget.value)} />
        <Field
          label="Slug"
          hint="Lowercase letters, digits and hyphens; made from the name when empty."
          maxLength={50}
          value={slug}
          error={onSlug ? message : undefined}
          onInput={(e) => setSlug(e.currentTarget.value)}
        />
      </div>
      {failure !== undefined && !message && <FailureNotice error={failure} />}
      <Button type="submit" variant="primary" busy={busy}>
        Create client workspace
      </Button>
    </form>
  );
}

/** "Open" where the person belongs to the client workspace (the switcher lists it too); otherwise says so. */
function OpenClient({ client, mine }: { client: ClientItem; mine: Workspace[] }) {
  if (!mine.some((w) => w.id === client.id)) return <span class="muted">Not a member</span>;
  return (
    <AppLink href={`/app/w/${client.id}`} class="button button-quiet">
      Open<span class="visually-hidden"> {client.name}</span>
    </AppLink>
  );
}

/**
 * An Agency workspace's client workspaces: everyone lists them, the owner creates them. Other plans
 * get the reason the API gives when one is created there (its 402 message, from the same table).
 */
export function ClientsPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const { session, refresh } = useSession();
  const list = useLoad(() => api<{ clients: ClientItem[] }>('GET', `/workspaces/${wsId}/clients`), [wsId]);
  const onPlan = hasFeature(workspace.plan as Plan, 'clients');
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
      {mayCreate && <CreateClientForm wsId={wsId} onCreated={created} />}
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
