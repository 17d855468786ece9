import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, type Column, ConfirmDialog, copyText, DataTable, EmptyState, FailureNotice, Loading, Moment, toast, useLoad } from '../../ui';
import { type SlackLink, SlackLinkForm } from './link-form';
import './slack.css';

/** Where Slack posts the commands: the site's API (docs/slack.md). */
const requestUrl = () => `${location.origin}/api/slack/commands`;

const COLUMNS: Column<SlackLink>[] = [
  { label: 'Name', rowHeader: true, cell: (link) => link.name },
  { label: 'Team ID', cell: (link) => <code>{link.team_id}</code> },
  { label: 'Role', cell: (link) => link.role },
  { label: 'Domain', cell: (link) => link.domain ?? 'Default' },
  { label: 'Linked', cell: (link) => <Moment iso={link.created_at} /> },
  { label: 'Last command', cell: (link) => (link.last_used_at ? <Moment iso={link.last_used_at} /> : 'Never') },
];

/** The owner links Slack workspaces whose /linkhop command acts here; everyone else is told why they cannot. */
export function SlackPage({ wsId }: { wsId: string }) {
  const workspace = useWorkspace();
  const isOwner = roleAtLeast(workspace.role, 'owner');
  const data = useLoad(
    async () =>
      isOwner
        ? Promise.all([
            api.get('/api/workspaces/{wsId}/slack-links', { params: { path: { wsId } } }),
            api.get('/api/workspaces/{wsId}/domains', { params: { path: { wsId } } }),
          ]).then(([links, domains]) => ({ links: links.slack_links, domains }))
        : { links: [], domains: undefined },
    [wsId, isOwner],
  );
  const [removing, setRemoving] = useState<SlackLink>();
  const [busy, setBusy] = useState(false);

  const unlink = async () => {
    setBusy(true);
    try {
      await api.delete('/api/workspaces/{wsId}/slack-links/{slackLinkId}', { params: { path: { wsId, slackLinkId: removing!.id } } });
      toast(`Unlinked “${removing!.name}”`);
      setRemoving(undefined);
      data.reload();
    } catch (error) {
      toast(`Could not unlink: ${failureMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  if (!isOwner) {
    return (
      <div class="slack-page">
        <h1>Slack</h1>
        <div class="notice" role="note">
          <p>Only the workspace owner links Slack workspaces. Your role here is {workspace.role}.</p>
        </div>
      </div>
    );
  }
  return (
    <div class="slack-page">
      <h1>Slack</h1>
      <p class="muted">
        <code>/linkhop https://…</code> in Slack posts a short link to the channel; <code>/linkhop stats …</code> shows a link's last 7 days. Create a Slack app
        from the manifest in the documentation (docs/slack.md), install it, then link it here with its signing secret.
      </p>
      <section class="panel slack-url" aria-labelledby="slack-url-heading">
        <h2 id="slack-url-heading">Request URL for your Slack app</h2>
        <div class="slack-url-value">
          <code>{requestUrl()}</code>
          <Button onClick={async () => toast((await copyText(requestUrl())) ? 'Request URL copied' : 'Could not copy; select it and copy it by hand')}>
            Copy request URL
          </Button>
        </div>
      </section>
      <SlackLinkForm
        wsId={wsId}
        domains={data.data?.domains}
        onLinked={(link) => {
          toast(`Linked “${link.name}”: try /linkhop help in Slack`);
          data.reload();
        }}
      />
      <h2>Linked Slack workspaces</h2>
      {data.error ? (
        <FailureNotice error={data.error} retry={data.reload} />
      ) : !data.data ? (
        <Loading />
      ) : data.data.links.length === 0 ? (
        <EmptyState title="No Slack workspace linked yet">
          <p>Link one above; its /linkhop command then acts in this workspace.</p>
        </EmptyState>
      ) : (
        <DataTable
          caption={`Linked Slack workspaces, ${data.data.links.length} in all`}
          rows={data.data.links}
          rowKey={(link) => link.id}
          columns={COLUMNS}
          actions={(link) => (
            <Button variant="quiet" onClick={() => setRemoving(link)}>
              Unlink<span class="visually-hidden"> {link.name}</span>
            </Button>
          )}
        />
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        title={`Unlink “${removing?.name ?? ''}”?`}
        confirmLabel="Unlink"
        danger
        busy={busy}
        onConfirm={unlink}
        onCancel={() => setRemoving(undefined)}
      >
        <p>
          /linkhop in the Slack team <code>{removing?.team_id}</code> is refused from now on. Links it made stay.
        </p>
      </ConfirmDialog>
    </div>
  );
}
