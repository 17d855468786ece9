import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { Button, toast } from '../../ui';
import type { Webhook } from './types';

/** Pauses or resumes a webhook (PATCH `active`); events while it is paused are dropped, not queued. */
export function ActiveToggle({ wsId, webhook, onChange }: { wsId: string; webhook: Webhook; onChange(): void }) {
  const [busy, setBusy] = useState(false);
  const flip = async () => {
    setBusy(true);
    try {
      await api.patch('/api/workspaces/{wsId}/webhooks/{webhookId}', { params: { path: { wsId, webhookId: webhook.id } }, body: { active: !webhook.active } });
      toast(webhook.active ? `Disabled “${webhook.name}”: events are dropped until it is enabled` : `Enabled “${webhook.name}”`);
      onChange();
    } catch (error) {
      toast(`Could not change “${webhook.name}”: ${failureMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="quiet" busy={busy} onClick={flip}>
      {webhook.active ? 'Disable' : 'Enable'}
      <span class="visually-hidden"> {webhook.name}</span>
    </Button>
  );
}
