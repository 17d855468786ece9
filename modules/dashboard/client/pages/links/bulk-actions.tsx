import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { Button, ConfirmDialog, ErrorNotice, Field, toast } from '../../ui';

const plural = (n: number) => `${n} link${n === 1 ? '' : 's'}`;

/** What can be done to the selected links: add or remove a tag (editors), delete them (admins). */
export function BulkActions({ wsId, ids, canDelete, onDone }: { wsId: string; ids: string[]; canDelete: boolean; onDone(): void }) {
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      toast(await work());
      setTag('');
      setConfirming(false);
      onDone();
    } catch (error) {
      setConfirming(false);
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const retag = (change: 'add_tags' | 'remove_tags') =>
    run(async () => {
      const name = tag.trim();
      const { updated } = await api.patch('/api/workspaces/{wsId}/links/bulk', { params: { path: { wsId } }, body: { ids, [change]: [name] } });
      return change === 'add_tags' ? `Tagged ${plural(updated)} “${name}”` : `Removed “${name}” from ${plural(updated)}`;
    });
  const remove = () =>
    run(async () => {
      const { deleted } = await api.delete('/api/workspaces/{wsId}/links/bulk', { params: { path: { wsId } }, body: { ids } });
      return `Deleted ${plural(deleted)}`;
    });

  return (
    <section class="bulk-actions" aria-label="Selected links">
      <p class="bulk-count">
        <strong>{ids.length}</strong> selected
      </p>
      <form
        class="bulk-tag"
        onSubmit={(event) => {
          event.preventDefault();
          if (tag.trim()) void retag('add_tags');
        }}
      >
        <Field label="Tag for the selected links" value={tag} onInput={(event) => setTag(event.currentTarget.value)} autoComplete="off" />
        <Button type="submit" busy={busy} disabled={!tag.trim()}>
          Add tag
        </Button>
        <Button busy={busy} disabled={!tag.trim()} onClick={() => retag('remove_tags')}>
          Remove tag
        </Button>
      </form>
      {canDelete && (
        <Button variant="danger" busy={busy} onClick={() => setConfirming(true)}>
          Delete selected
        </Button>
      )}
      {failure && <ErrorNotice error={failure} />}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${plural(ids.length)}?`}
        confirmLabel={`Yes, delete ${plural(ids.length)}`}
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        <p>Their short addresses will answer 404 from now on. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
