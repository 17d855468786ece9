import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, ConfirmDialog, FailureNotice, Loading, Moment, navigate, toast, useLoad } from '../../ui';
import { ActiveToggle } from './active-toggle';
import { DeliveryLog } from './delivery-log';
import { EventList, StatusText } from './labels';
import { SecretPanel } from './secret-panel';
import { TestResultPanel } from './test-result';
import type { TestResult } from './types';
import { WebhookForm, type WebhookInput } from './webhook-form';
import './webhooks.css';

type Confirming = 'delete' | 'rotate' | undefined;

/** One webhook: its settings, what admins can do with it (test, edit, rotate the secret, delete) and its delivery log, which everyone can read. */
export function WebhookPage({ wsId, webhookId }: { wsId: string; webhookId: string }) {
  const workspace = useWorkspace();
  const mayManage = roleAtLeast(workspace.role, 'admin');
  const path = { wsId, webhookId };
  const hook = useLoad(() => api.get('/api/workspaces/{wsId}/webhooks/{webhookId}', { params: { path } }), [wsId, webhookId]);
  const [editing, setEditing] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult>();
  const [secret, setSecret] = useState<string>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [busy, setBusy] = useState(false);
  // bumped after a test event so the log shows the new delivery
  const [logVersion, setLogVersion] = useState(0);
  const listHref = `/app/w/${wsId}/webhooks`;

  const sendTest = async () => {
    setTesting(true);
    setResult(undefined);
    try {
      setResult(await api.post('/api/workspaces/{wsId}/webhooks/{webhookId}/test', { params: { path } }));
      setLogVersion((v) => v + 1);
    } catch (error) {
      toast(`Could not send the test event: ${failureMessage(error)}`);
    } finally {
      setTesting(false);
    }
  };
  const save = async (input: WebhookInput) => {
    await api.patch('/api/workspaces/{wsId}/webhooks/{webhookId}', { params: { path }, body: input });
    toast(`Saved “${input.name}”`);
    setEditing(false);
    hook.reload();
  };
  const confirmed = async () => {
    const name = hook.data!.name;
    setBusy(true);
    try {
      if (confirming === 'delete') {
        await api.delete('/api/workspaces/{wsId}/webhooks/{webhookId}', { params: { path } });
        toast(`Deleted webhook “${name}” and its delivery history`);
        navigate(listHref);
      } else {
        setSecret((await api.post('/api/workspaces/{wsId}/webhooks/{webhookId}/rotate-secret', { params: { path } })).secret);
      }
      setConfirming(undefined);
    } catch (error) {
      toast(`Could not ${confirming === 'delete' ? 'delete' : 'rotate the secret of'} “${name}”: ${failureMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const data = hook.data;
  return (
    <div class="webhooks-page">
      <a href={listHref} class="webhooks-back">
        All webhooks
      </a>
      {hook.error ? (
        <>
          <h1>Webhook</h1>
          <FailureNotice error={hook.error} retry={hook.reload} />
        </>
      ) : !data ? (
        <Loading label="Loading the webhook…" />
      ) : (
        <>
          <div class="page-header">
            <h1>{data.name}</h1>
          </div>
          <dl class="webhook-facts">
            <div>
              <dt>URL</dt>
              <dd>
                <code class="webhook-url">{data.url}</code>
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <StatusText active={data.active} />
              </dd>
            </div>
            <div>
              <dt>Events</dt>
              <dd>
                <EventList events={data.events} />
              </dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>
                <Moment iso={data.created_at} />
                {data.created_by_email && <> by {data.created_by_email}</>}
              </dd>
            </div>
          </dl>
          {mayManage && (
            <div class="webhook-actions">
              <Button variant="primary" busy={testing} onClick={sendTest}>
                Send test event
              </Button>
              <ActiveToggle wsId={wsId} webhook={data} onChange={hook.reload} />
              <Button onClick={() => setEditing(true)} disabled={editing}>
                Edit
              </Button>
              <Button onClick={() => setConfirming('rotate')}>Rotate secret</Button>
              <Button variant="danger" onClick={() => setConfirming('delete')}>
                Delete
              </Button>
            </div>
          )}
          {result && <TestResultPanel result={result} />}
          {secret && <SecretPanel webhookName={data.name} secret={secret} rotated onDone={() => setSecret(undefined)} />}
          {editing && (
            <WebhookForm
              heading={`Edit “${data.name}”`}
              submitLabel="Save changes"
              initial={{ name: data.name, url: data.url, events: data.events }}
              onSubmit={save}
              onCancel={() => setEditing(false)}
            />
          )}
          <DeliveryLog wsId={wsId} webhookId={webhookId} version={logVersion} />
          <ConfirmDialog
            open={confirming === 'delete'}
            title={`Delete webhook “${data.name}”?`}
            confirmLabel="Delete webhook"
            danger
            busy={busy}
            onConfirm={confirmed}
            onCancel={() => setConfirming(undefined)}
          >
            <p>Its receiver gets no more events, and its delivery history is deleted too. This cannot be undone.</p>
          </ConfirmDialog>
          <ConfirmDialog
            open={confirming === 'rotate'}
            title={`Rotate the signing secret of “${data.name}”?`}
            confirmLabel="Rotate secret"
            busy={busy}
            onConfirm={confirmed}
            onCancel={() => setConfirming(undefined)}
          >
            <p>The old secret stops working at once: deliveries are signed with the new one, so update the receiver right away.</p>
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
