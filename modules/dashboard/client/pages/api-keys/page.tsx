import { useState } from 'preact/hooks';
import { api, type ApiAnswer, failureMessage } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, type Column, ConfirmDialog, DataTable, EmptyState, FailureNotice, Loading, Moment, toast, useLoad } from '../../ui';
import './api-keys.css';
import { CreateKeyForm, type CreatedKey, NewKeyPanel } from './create';

type KeyItem = ApiAnswer<'get', '/api/workspaces/{wsId}/api-keys'>['api_keys'][number];

const KEY_COLUMNS: Column<KeyItem>[] = [
  { label: 'Name', rowHeader: true, cell: (key) => key.name },
  { label: 'Role', cell: (key) => key.role },
  { label: 'Prefix', cell: (key) => <code>{key.prefix}…</code> },
  { label: 'Created', cell: (key) => <Moment iso={key.created_at} /> },
  { label: 'Last used', cell: (key) => (key.last_used_at ? <Moment iso={key.last_used_at} /> : 'Never') },
];

/** Admins and the owner list, create and revoke the workspace's API keys; the API answers everyone else 403, so they are told why instead. */
export function ApiKeysPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const mayManage = roleAtLeast(workspace.role, 'admin');
  const list = useLoad(
    () => (mayManage ? api.get('/api/workspaces/{wsId}/api-keys', { params: { path: { wsId } } }) : Promise.resolve({ api_keys: [] })),
    [wsId, mayManage],
  );
  const [created, setCreated] = useState<CreatedKey>();
  const [revoking, setRevoking] = useState<KeyItem>();
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    setBusy(true);
    try {
      await api.delete('/api/workspaces/{wsId}/api-keys/{keyId}', { params: { path: { wsId, keyId: revoking!.id } } });
      toast(`Revoked key “${revoking!.name}”`);
      setRevoking(undefined);
      list.reload();
    } catch (error) {
      toast(`Could not revoke the key: ${failureMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  if (!mayManage) {
    return (
      <div class="keys-page">
        <h1>API keys</h1>
        <div class="notice" role="note">
          <p>Only admins and the owner manage API keys. Your role in this workspace is {workspace.role}; ask an admin for a key if a program needs one.</p>
        </div>
      </div>
    );
  }
  return (
    <div class="keys-page">
      <div class="page-header">
        <h1>API keys</h1>
      </div>
      <p class="muted">
        Programs call the API with a key in the <code>X-API-Key</code> header. A key acts in this workspace only, with its role.
      </p>
      {created ? (
        <NewKeyPanel created={created} onDone={() => setCreated(undefined)} />
      ) : (
        <CreateKeyForm
          wsId={wsId}
          myRole={workspace.role}
          onCreated={(key) => {
            setCreated(key);
            list.reload();
          }}
        />
      )}
      <h2>Keys</h2>
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.api_keys.length === 0 ? (
        <EmptyState title="No API keys yet">
          <p>Create one above when a program needs to call the API.</p>
        </EmptyState>
      ) : (
        <DataTable
          caption={`API keys, ${list.data.api_keys.length} in all`}
          rows={list.data.api_keys}
          rowKey={(key) => key.id}
          columns={KEY_COLUMNS}
          actions={(key) => (
            <Button variant="quiet" onClick={() => setRevoking(key)}>
              Revoke<span class="visually-hidden"> {key.name}</span>
            </Button>
          )}
        />
      )}
      <ConfirmDialog
        open={Boolean(revoking)}
        title={`Revoke key “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        danger
        busy={busy}
        onConfirm={revoke}
        onCancel={() => setRevoking(undefined)}
      >
        <p>
          Programs using the key starting <code>{revoking?.prefix}</code> are refused from now on. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
