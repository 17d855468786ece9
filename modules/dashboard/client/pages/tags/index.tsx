import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, ConfirmDialog, DataTable, EmptyState, FailureNotice, Loading, toast, useLoad } from '../../ui';
import type { Tag } from '../links/types';
import { Swatch } from './swatch';
import { TagForm } from './tag-form';
import './tags.css';

const linksText = (count: number) => (count === 1 ? '1 link' : `${count} links`);

/**
 * The workspace's tags (those on at least one link) with colour, description and link count;
 * editors and above change and delete them, viewers read (the API refuses them, so nothing is offered).
 */
export function TagsPage({ wsId }: { wsId: string; linkId?: string }) {
  const workspace = useWorkspace();
  const mayEdit = roleAtLeast(workspace.role, 'editor');
  const list = useLoad(() => api.get('/api/workspaces/{wsId}/links/tags', { params: { path: { wsId } } }), [wsId]);
  const [editing, setEditing] = useState<Tag>();
  const [deleting, setDeleting] = useState<Tag>();
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    const tag = deleting!;
    setBusy(true);
    try {
      await api.delete('/api/workspaces/{wsId}/links/tags/{tagName}', { params: { path: { wsId, tagName: tag.name } } });
      toast(`Deleted tag ${tag.name} from ${linksText(tag.link_count)}`);
      if (editing?.name === tag.name) setEditing(undefined);
    } catch (failure) {
      toast(`Could not delete tag ${tag.name}: ${failureMessage(failure)}`);
    } finally {
      setBusy(false);
      setDeleting(undefined);
      list.reload();
    }
  };

  const tags = list.data?.tags;
  return (
    <div class="tags-page">
      <div class="page-header">
        <h1>Tags</h1>
      </div>
      <p class="muted">Tags group links; give them on a link’s page. A tag is listed here while at least one link carries it.</p>
      {!mayEdit && (
        <div class="notice" role="note">
          <p>Editors, admins and the owner change and delete tags. Your role in this workspace is {workspace.role}.</p>
        </div>
      )}
      {editing && (
        <TagForm
          key={editing.name}
          wsId={wsId}
          tag={editing}
          onSaved={() => {
            setEditing(undefined);
            list.reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !tags ? (
        <Loading label="Loading tags…" />
      ) : tags.length === 0 ? (
        <EmptyState title="No tags yet">
          <p>Add tags to links on their pages; they show up here.</p>
        </EmptyState>
      ) : (
        <DataTable
          caption={`Tags, ${tags.length} in all`}
          rows={tags}
          rowKey={(tag) => tag.name}
          columns={[
            {
              label: 'Tag',
              rowHeader: true,
              cell: (tag) => (
                <span class="tag-name">
                  <Swatch color={tag.color} />
                  {tag.name}
                </span>
              ),
            },
            { label: 'Colour', cell: (tag) => (tag.color ? <code>{tag.color}</code> : <span class="muted">None</span>) },
            { label: 'Description', cell: (tag) => tag.description || <span class="muted">None</span> },
            {
              label: 'Links',
              numeric: true,
              cell: (tag) => (
                <a href={`/app/w/${wsId}/links?tag=${encodeURIComponent(tag.name)}`}>
                  {linksText(tag.link_count)}
                  <span class="visually-hidden"> tagged {tag.name}</span>
                </a>
              ),
            },
          ]}
          actions={
            mayEdit
              ? (tag) => (
                  <>
                    <Button variant="quiet" onClick={() => setEditing(tag)}>
                      Edit<span class="visually-hidden"> {tag.name}</span>
                    </Button>
                    <Button variant="quiet" onClick={() => setDeleting(tag)}>
                      Delete<span class="visually-hidden"> {tag.name}</span>
                    </Button>
                  </>
                )
              : undefined
          }
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete tag ${deleting?.name ?? ''}?`}
        confirmLabel="Delete tag"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(undefined)}
      >
        <p>
          The tag leaves every link ({linksText(deleting?.link_count ?? 0)}), and its colour and description are deleted. The links themselves stay. This cannot
          be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
