import { useState } from 'preact/hooks';
import { planLimit } from '../../../../../core/plans';
import { api, failureMessage } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, type Column, ConfirmDialog, DataTable, EmptyState, FailureNotice, Loading, Moment, toast, useLoad } from '../../ui';
import '../links/links.css';
import type { DomainList } from '../links/types';
import { configSummary, type Template } from './config';
import { TemplateEditor } from './editor';
import './templates.css';

interface TemplatesData {
  templates: Template[];
  domains: DomainList;
  tags: string[];
  defaultUtm: Record<string, string> | null;
}

/** The templates first: on a plan without them it answers 402, and the page shows that reason. */
async function loadTemplates(wsId: string): Promise<TemplatesData> {
  const path = { wsId };
  const { templates } = await api.get('/api/workspaces/{wsId}/templates', { params: { path } });
  const [domains, tags, workspace] = await Promise.all([
    api.get('/api/workspaces/{wsId}/domains', { params: { path } }),
    api.get('/api/workspaces/{wsId}/links/tags', { params: { path } }),
    api.get('/api/workspaces/{wsId}', { params: { path } }),
  ]);
  return { templates, domains, tags: tags.tags.map((t) => t.name), defaultUtm: workspace.default_utm_params };
}

const COLUMNS: Column<Template>[] = [
  { label: 'Name', rowHeader: true, cell: (t) => t.name },
  { label: 'Fills in', cell: (t) => configSummary(t.config) },
  { label: 'Updated', cell: (t) => <Moment iso={t.updated_at} /> },
];

/** Link templates: everyone lists and reads them; admins and the owner create, change and delete them. */
export function TemplatesPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const plan = workspace.plan;
  const canWrite = roleAtLeast(workspace.role, 'admin');
  const list = useLoad(() => loadTemplates(wsId), [wsId]);
  const [editing, setEditing] = useState<Template | 'new'>();
  const [deleting, setDeleting] = useState<Template>();
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      await api.delete('/api/workspaces/{wsId}/templates/{templateId}', { params: { path: { wsId, templateId: deleting!.id } } });
      toast(`Deleted template “${deleting!.name}”`);
      list.reload();
    } catch (error) {
      toast(`Could not delete the template: ${failureMessage(error)}`);
    } finally {
      setBusy(false);
      setDeleting(undefined);
    }
  };

  if (list.error || !list.data) {
    return (
      <div class="templates-page">
        <h1>Templates</h1>
        {list.error ? <FailureNotice error={list.error} retry={list.reload} /> : <Loading />}
      </div>
    );
  }
  const { templates, domains, tags, defaultUtm } = list.data;
  if (editing) {
    return (
      <div class="templates-page">
        <h1>Templates</h1>
        <TemplateEditor
          wsId={wsId}
          plan={plan}
          template={editing === 'new' ? undefined : editing}
          domains={domains}
          tags={tags}
          defaultUtm={defaultUtm}
          canWrite={canWrite}
          onDone={(saved) => {
            setEditing(undefined);
            if (saved) list.reload();
          }}
        />
      </div>
    );
  }
  return (
    <div class="templates-page">
      <div class="page-header">
        <h1>Templates</h1>
        {canWrite && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            New template
          </Button>
        )}
      </div>
      <p class="muted">
        Defaults for new links: pick a template in the link editor and it fills what you leave empty. {templates.length} of {planLimit(plan, 'templates')}{' '}
        templates allowed on this plan.
      </p>
      {!canWrite && (
        <p class="notice" role="note">
          Admins and the owner manage templates. Your role in this workspace is {workspace.role}: you can read them and use them for new links.
        </p>
      )}
      {templates.length === 0 ? (
        <EmptyState title="No templates yet">
          <p>{canWrite ? 'Create one for the settings your links often share: UTM parameters, tags, an expiry.' : 'An admin can add some.'}</p>
        </EmptyState>
      ) : (
        <DataTable
          caption={`Templates, ${templates.length} in all`}
          rows={templates}
          rowKey={(t) => t.id}
          columns={COLUMNS}
          actions={(t) =>
            canWrite ? (
              <>
                <Button variant="quiet" onClick={() => setEditing(t)}>
                  Edit<span class="visually-hidden"> {t.name}</span>
                </Button>
                <Button variant="quiet" onClick={() => setDeleting(t)}>
                  Delete<span class="visually-hidden"> {t.name}</span>
                </Button>
              </>
            ) : (
              <Button variant="quiet" onClick={() => setEditing(t)}>
                View<span class="visually-hidden"> {t.name}</span>
              </Button>
            )
          }
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete template “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete template"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(undefined)}
      >
        <p>Links created from it keep their values; new links can no longer use it.</p>
      </ConfirmDialog>
    </div>
  );
}
