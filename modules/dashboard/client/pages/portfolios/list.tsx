import { api } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { NameSlugForm, type Column, CopyButton, DataTable, EmptyState, FailureNotice, Loading, Moment, navigate, useLoad } from '../../ui';
import './portfolios.css';
import { type Portfolio, publicUrl, withoutScheme } from './types';

const columns = (wsId: string): Column<Portfolio>[] => [
  { label: 'Name', rowHeader: true, cell: (p) => <a href={`/app/w/${wsId}/portfolios/${p.id}`}>{p.name}</a> },
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

/** The workspace's portfolios (public pages of chosen links); editors create them. Plans without portfolios get the API's 402 reason. */
export function PortfoliosPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const list = useLoad(() => api.get('/api/workspaces/{wsId}/portfolios', { params: { path: { wsId } } }), [wsId]);
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
          {mayCreate && (
            <NameSlugForm
              id="new-portfolio-heading"
              title="New portfolio"
              slugLabel="Address"
              slugHint={`${withoutScheme(publicUrl('…'))}: lowercase letters, digits, - and _; made from the name when empty.`}
              submitLabel="Create portfolio"
              create={async (body) =>
                navigate(`/app/w/${wsId}/portfolios/${(await api.post('/api/workspaces/{wsId}/portfolios', { params: { path: { wsId } }, body })).id}`)
              }
            />
          )}
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
