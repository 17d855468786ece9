import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, CopyButton, EmptyState, FailureNotice, Loading, navigate, Pagination, setAddressQuery, useLoad, useLocation } from '../../ui';
import { BulkActions } from './bulk-actions';
import { Filters, FILTER_KEYS, listQuery } from './filters';
import './links.css';
import type { Link } from './types';

const shortText = (url: string) => url.replace(/^https?:\/\//, '');

function LinkRow({
  wsId,
  link,
  selectable,
  selected,
  onSelect,
}: {
  wsId: string;
  link: Link;
  selectable: boolean;
  selected: boolean;
  onSelect(on: boolean): void;
}) {
  const short = shortText(link.short_url);
  const base = `/app/w/${wsId}/links/${link.id}`;
  return (
    <tr>
      {selectable && (
        <td class="select-cell">
          <input type="checkbox" checked={selected} aria-label={`Select ${short}`} onChange={(event) => onSelect(event.currentTarget.checked)} />
        </td>
      )}
      <td class="short-cell">
        <a href={link.short_url} class="short-url">
          {link.domain}/<wbr />
          {link.slug}
        </a>
        <CopyButton text={link.short_url} />
      </td>
      <td class="target-cell">
        {link.title && <span class="link-title">{link.title}</span>}
        <span class="target" title={link.target}>
          {link.target}
        </span>
      </td>
      <td class="tags-cell" data-label="Tags">
        {link.tags?.length ? (
          <ul class="tag-list" aria-label="Tags">
            {link.tags.map((tag) => (
              <li key={tag} class="tag">
                {tag}
              </li>
            ))}
          </ul>
        ) : (
          <span class="muted">—</span>
        )}
      </td>
      <td class="number" data-label="Clicks">
        {link.click_count.toLocaleString()}
      </td>
      <td class="date-cell" data-label="Created">
        <time dateTime={link.created_at}>{new Date(link.created_at).toLocaleDateString()}</time>
      </td>
      <td class="actions-cell">
        <a href={base}>
          Edit<span class="visually-hidden"> {short}</span>
        </a>
        <a href={`${base}/analytics`}>
          Analytics<span class="visually-hidden"> of {short}</span>
        </a>
        <a href={`${base}/qr`}>
          QR code<span class="visually-hidden"> of {short}</span>
        </a>
      </td>
    </tr>
  );
}

/** The workspace's links: search, filters, sort and pages on the server; several selected → tag or delete. */
export function LinksPage({ wsId }: { wsId: string; linkId?: string }) {
  const workspace = useWorkspace();
  const { path, query } = useLocation();
  const canEdit = roleAtLeast(workspace.role, 'editor');
  const canDelete = roleAtLeast(workspace.role, 'admin');
  const apiQuery = listQuery(query);
  const queryKey = JSON.stringify(apiQuery);
  const list = useLoad(() => api.get('/api/workspaces/{wsId}/links', { params: { path: { wsId }, query: apiQuery } }), [wsId, queryKey]);
  const choices = useLoad(
    () =>
      Promise.all([
        api.get('/api/workspaces/{wsId}/links/tags', { params: { path: { wsId } } }),
        api.get('/api/workspaces/{wsId}/domains', { params: { path: { wsId } } }),
      ]),
    [wsId],
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useEffect(() => setSelected(new Set()), [queryKey]);

  const filtered = FILTER_KEYS.some((key) => query.get(key));
  const data = list.data;
  const links = data?.links ?? [];
  const pageIds = links.map((l) => l.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const select = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const afterBulk = () => {
    setSelected(new Set());
    list.reload();
    choices.reload();
  };

  return (
    <div class="links-page">
      <div class="page-header">
        <h1>Links</h1>
        {canEdit && (
          <Button variant="primary" onClick={() => navigate(`/app/w/${wsId}/links/new`)}>
            New link
          </Button>
        )}
      </div>
      <Filters query={query} tags={choices.data?.[0].tags ?? []} domains={choices.data?.[1]} />
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !data ? (
        <Loading label="Loading links…" />
      ) : data.total === 0 ? (
        filtered ? (
          <EmptyState title="No links match these filters">
            <p>Try other words or fewer filters.</p>
            <Button onClick={() => navigate(path)}>Clear filters</Button>
          </EmptyState>
        ) : (
          <EmptyState title="No links yet">
            {canEdit ? (
              <>
                <p>Create your first short link: give it a destination, and share the short address.</p>
                <Button variant="primary" onClick={() => navigate(`/app/w/${wsId}/links/new`)}>
                  Create a link
                </Button>
              </>
            ) : (
              <p>Links that the editors of this workspace create will appear here.</p>
            )}
          </EmptyState>
        )
      ) : (
        <>
          <p class="list-count" role="status" aria-busy={list.loading}>
            {data.links.length
              ? `Showing ${(data.page - 1) * data.limit + 1}–${(data.page - 1) * data.limit + data.links.length} of ${data.total.toLocaleString()} links`
              : `No links on page ${data.page}; ${data.total.toLocaleString()} in all`}
          </p>
          {canEdit && selected.size > 0 && <BulkActions wsId={wsId} ids={[...selected]} canDelete={canDelete} onDone={afterBulk} />}
          <div class="table-wrap">
            <table class="links-table">
              <caption class="visually-hidden">Links, {data.total.toLocaleString()} in all</caption>
              <thead>
                <tr>
                  {canEdit && (
                    <th scope="col" class="select-cell">
                      <input
                        type="checkbox"
                        checked={allSelected}
                        aria-label="Select all links on this page"
                        onChange={(event) => setSelected(event.currentTarget.checked ? new Set(pageIds) : new Set())}
                      />
                    </th>
                  )}
                  <th scope="col">Short link</th>
                  <th scope="col">Destination</th>
                  <th scope="col">Tags</th>
                  <th scope="col" class="number">
                    Clicks
                  </th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {links.map((link) => (
                  <LinkRow key={link.id} wsId={wsId} link={link} selectable={canEdit} selected={selected.has(link.id)} onSelect={(on) => select(link.id, on)} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={data.page}
            limit={data.limit}
            total={data.total}
            onPage={(page) => setAddressQuery({ page: String(page) })}
            label="Pages of links"
          />
        </>
      )}
    </div>
  );
}
