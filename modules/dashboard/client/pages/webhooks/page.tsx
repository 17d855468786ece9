import { useState } from 'preact/hooks';
import { api } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, type Column, DataTable, EmptyState, FailureNotice, Loading, Moment, useLoad } from '../../ui';
import { ActiveToggle } from './active-toggle';
import { EventList, StatusText } from './labels';
import { SecretPanel } from './secret-panel';
import { SignatureCheck } from './signature-check';
import type { CreatedWebhook, Webhook } from './types';
import { WebhookForm } from './webhook-form';
import './webhooks.css';

const columns = (wsId: string): Column<Webhook>[] => [
  { label: 'Name', rowHeader: true, cell: (hook) => <a href={`/app/w/${wsId}/webhooks/${encodeURIComponent(hook.id)}`}>{hook.name}</a> },
  { label: 'URL', cell: (hook) => <code class="webhook-url">{hook.url}</code> },
  { label: 'Events', cell: (hook) => <EventList events={hook.events} /> },
  { label: 'Status', cell: (hook) => <StatusText active={hook.active} /> },
  { label: 'Created', cell: (hook) => <Moment iso={hook.created_at} /> },
];

/** The workspace's webhooks: everyone with access reads them; admins and the owner add them (the secret shown once) and enable or disable them. */
export function WebhooksPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const mayManage = roleAtLeast(workspace.role, 'admin');
  const list = useLoad(() => api.get('/api/workspaces/{wsId}/webhooks', { params: { path: { wsId } } }), [wsId]);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook>();

  const create = async (input: { name: string; url: string; events: string[] }) => {
    setCreated(await api.post('/api/workspaces/{wsId}/webhooks', { params: { path: { wsId } }, body: input }));
    setAdding(false);
    list.reload();
  };

  return (
    <div class="webhooks-page">
      <div class="page-header">
        <h1>Webhooks</h1>
        {mayManage && list.data && !adding && !created && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            Add a webhook
          </Button>
        )}
      </div>
      <p class="muted">Linkhop POSTs a signed JSON message to each webhook's HTTPS URL when something happens in this workspace.</p>
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !list.data ? (
        <Loading label="Loading webhooks…" />
      ) : (
        <>
          {!mayManage && (
            <div class="notice" role="note">
              <p>
                Only admins and the owner add and change webhooks. Your role in this workspace is {workspace.role}; you can read the webhooks and their
                deliveries.
              </p>
            </div>
          )}
          {created && <SecretPanel webhookName={created.name} secret={created.secret} onDone={() => setCreated(undefined)} />}
          {adding && <WebhookForm heading="Add a webhook" submitLabel="Create webhook" onSubmit={create} onCancel={() => setAdding(false)} />}
          <section aria-labelledby="webhooks-heading">
            <h2 id="webhooks-heading">Webhooks ({list.data.webhooks.length})</h2>
            {list.data.webhooks.length === 0 ? (
              <EmptyState title="No webhooks yet">
                <p>{mayManage ? 'Add one to tell another system when links, domains or members change.' : 'An admin can add one.'}</p>
              </EmptyState>
            ) : (
              <DataTable
                caption={`Webhooks, ${list.data.webhooks.length} in all`}
                rows={list.data.webhooks}
                rowKey={(hook) => hook.id}
                columns={columns(wsId)}
                actions={mayManage ? (hook) => <ActiveToggle wsId={wsId} webhook={hook} onChange={list.reload} /> : undefined}
              />
            )}
          </section>
          <SignatureCheck />
        </>
      )}
    </div>
  );
}
