import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { useSession } from '../../session';
import { Button, ConfirmDialog, Field, navigate, toast } from '../../ui';

/** The owner deletes the workspace after typing its name; they land on /app, where the switcher no longer lists it. */
export function DeleteWorkspace({ wsId, name }: { wsId: string; name: string }) {
  const { session, refresh } = useSession();
  // its client workspaces outlive it (the API unlinks them); the person's own list names them
  const clients = session?.workspaces.filter((w) => w.parent_workspace_id === wsId).length ?? 0;
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen(false);
    setTyped('');
    setError(undefined);
  };
  const confirm = async () => {
    if (typed.trim() !== name) return setError(`Type the workspace name, ${name}, exactly as shown.`);
    setBusy(true);
    try {
      await api.delete('/api/workspaces/{wsId}', { params: { path: { wsId } } });
      await refresh();
      navigate('/app', { replace: true });
      toast(`Workspace “${name}” was deleted`);
    } catch (failure) {
      setError(`The workspace was not deleted: ${failureMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="editor-section danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete this workspace</h2>
      <p>
        Deletes the workspace with all its links, their clicks, domains, tags, templates, webhooks, API keys, members and audit log. Short links stop working at
        once. This cannot be undone.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete workspace…
      </Button>
      <ConfirmDialog open={open} title={`Delete workspace “${name}”?`} confirmLabel="Delete workspace" danger busy={busy} onConfirm={confirm} onCancel={close}>
        <p>Everything in it goes, for every member. This cannot be undone.</p>
        {clients > 0 && <p>Its {clients === 1 ? 'client workspace stays' : `${clients} client workspaces stay`}, no longer managed from here.</p>}
        <Field label="Type the workspace name to confirm" value={typed} error={error} autoComplete="off" onInput={(e) => setTyped(e.currentTarget.value)} />
      </ConfirmDialog>
    </section>
  );
}
