import { useState } from 'preact/hooks';
import { api, fieldOfError } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import {
  AppLink,
  Button,
  type Column,
  CopyButton,
  DataTable,
  EmptyState,
  FailureNotice,
  Field,
  inputRefusal,
  Loading,
  Moment,
  navigate,
  useLoad,
  useSubmit,
} from '../../ui';
import './portfolios.css';
import { type Portfolio, publicUrl, withoutScheme } from './types';

const columns = (wsId: string): Column<Portfolio>[] => [
  { label: 'Name', rowHeader: true, cell: (p) => <AppLink href={`/app/w/${wsId}/portfolios/${p.id}`}>{p.name}</AppLink> },
  {
    label: 'Public page',
    cell: (p) => (
      <span class="portfolio-url">
        <code>{withoutScheme(publicUrl(p.slug))}</code>
        <CopyButton text={publicUrl(p.slug)} name={`the address of ${p.name}`} />
      </span>
    ),
  },
  { label: 'Updated', cell: (p) => <Moment iso={p.updated_at} /> },
];

/** Name and optional address of a new portfolio; created, it opens in the editor. A full plan answers 402, shown as such. */
function CreatePortfolioForm({ wsId }: { wsId: string }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const { busy, failure, submit } = useSubmit(async () => {
    const created = await api<{ id: string }>('POST', `/workspaces/${wsId}/portfolios`, { name, ...(slug.trim() ? { slug: slug.trim() } : {}) });
    navigate(`/app/w/${wsId}/portfolios/${created.id}`);
  });
  // 400s and the 409 name a field ("name is required", "Invalid slug format…", "Portfolio slug … already exists")
  const message = inputRefusal(failure);
  const onSlug = message !== undefined && (/slug/i.test(message) || fieldOfError(message) === 'slug');
  return (
    <form class="panel portfolio-create" onSubmit={submit} aria-labelledby="new-portfolio-heading">
      <h2 id="new-portfolio-heading">New portfolio</h2>
      <div class="portfolio-create-fields">
        <Field label="Name" maxLength={100} value={name} error={message && !onSlug ? message : undefined} onInput={(e) => setName(e.currentTarget.value)} />
        <Field
          label="Address"
          hint={`${withoutScheme(publicUrl('…'))}: lowercase letters, digits, - and _; made from the name when empty.`}
          maxLength={50}
          value={slug}
          error={onSlug ? message : undefined}
          onInput={(e) => setSlug(e.currentTarget.value)}
        />
      </div>
      {failure !== undefined && !message && <FailureNotice error={failure} />}
      <Button type="submit" variant="primary" busy={busy}>
        Create portfolio
      </Button>
    </form>
  );
}

/** The workspace's portfolios (public pages of chosen links); editors create them. Plans without portfolios get the API's 402 reason. */
export function PortfoliosPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const list = useLoad(() => api<{ portfolios: Portfolio[] }>('GET', `/workspaces/${wsId}/portfolios`), [wsId]);
  const mayCreate = roleAtLeast(workspace.role, 'editor');
  return (
    <div class="portfolios-page">
      <h1>Portfolios</h1>
      <p class="muted">A portfolio is a public page listing links you choose, in your order and colours, at its own address.</p>
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <>
          {mayCreate && <CreatePortfolioForm wsId={wsId} />}
          <h2>Portfolios</h2>
          {list.data.portfolios.length === 0 ? (
            <EmptyState title="No portfolios yet">{mayCreate ? <p>Create one above, then add links to it.</p> : <p>Editors create them.</p>}</EmptyState>
          ) : (
            <DataTable caption={`Portfolios, ${list.data.portfolios.length} in all`} rows={list.data.portfolios} rowKey={(p) => p.id} columns={columns(wsId)} />
          )}
        </>
      )}
    </div>
  );
}
