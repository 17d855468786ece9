import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, ConfirmDialog, CopyButton, FailureNotice, Loading, navigate, toast, useLoad } from '../../ui';
import { AddLinks } from './add-links';
import { AvatarEditor } from './avatar-editor';
import { DetailsForm } from './details-form';
import { LinkOrder } from './link-order';
import './portfolios.css';
import { PortfolioPreview } from './preview';
import { type Draft, draftOf, publicUrl, withoutScheme } from './types';

/** The public address, to copy or open. */
function PublicAddress({ slug }: { slug: string }) {
  const url = publicUrl(slug);
  return (
    <p class="portfolio-address">
      <span>Public page:</span> <code>{withoutScheme(url)}</code>
      <CopyButton text={url} name="public page address" />
      <a href={url} target="_blank" rel="noopener">
        Open<span class="visually-hidden"> the public page (new tab)</span>
      </a>
    </p>
  );
}

/**
 * One portfolio: its page details and colours, its links in order, links to add, and a live preview
 * of the public page. Editors change it, admins also delete it; viewers see it and its preview.
 */
export function PortfolioEditorPage({ wsId, linkId: portfolioId }: { wsId: string; linkId?: string }) {
  const workspace = useWorkspace();
  const mayEdit = roleAtLeast(workspace.role, 'editor');
  const mayDelete = roleAtLeast(workspace.role, 'admin');
  const at = { wsId, portfolioId: portfolioId! };
  const loaded = useLoad(() => api.get('/api/workspaces/{wsId}/portfolios/{portfolioId}', { params: { path: at } }), [wsId, portfolioId]);
  const [draft, setDraft] = useState<Draft>();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const portfolio = loaded.data;
  // the draft starts from the stored portfolio; reloads after saves and link changes keep it (it is what was saved)
  useEffect(() => {
    if (portfolio && !draft) setDraft(draftOf(portfolio));
  }, [portfolio]);
  const present = useMemo(() => new Set(portfolio?.links.map((l) => l.id)), [portfolio]);

  const remove = async () => {
    setBusy(true);
    try {
      await api.delete('/api/workspaces/{wsId}/portfolios/{portfolioId}', { params: { path: at } });
      toast(`Deleted portfolio “${portfolio!.name}”; its links remain`);
      navigate(`/app/w/${wsId}/portfolios`);
    } catch (error) {
      toast(`Could not delete the portfolio: ${failureMessage(error)}`);
      setBusy(false);
    }
  };

  if (loaded.error)
    return (
      <div class="portfolio-page">
        <h1>Portfolio</h1>
        <FailureNotice error={loaded.error} retry={loaded.reload} />
        <a href={`/app/w/${wsId}/portfolios`}>All portfolios</a>
      </div>
    );
  if (!portfolio || !draft) return <Loading />;
  return (
    <div class="portfolio-page">
      <p class="back-link">
        <a href={`/app/w/${wsId}/portfolios`}>All portfolios</a>
      </p>
      <div class="page-header">
        <h1>{portfolio.name}</h1>
        {mayDelete && (
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete portfolio
          </Button>
        )}
      </div>
      <PublicAddress slug={portfolio.slug} />
      {!mayEdit && (
        <div class="notice" role="note">
          <p>Your role in this workspace is {workspace.role}: you can see this portfolio and its preview; editors change it.</p>
        </div>
      )}
      <div class="portfolio-layout">
        <div class="portfolio-edit">
          {mayEdit && <AvatarEditor at={at} name={draft.name} avatarUrl={portfolio.avatar_url} onChanged={loaded.reload} />}
          {mayEdit && <DetailsForm at={at} draft={draft} onDraft={setDraft} onSaved={loaded.reload} />}
          <section class="panel" aria-labelledby="order-heading">
            <h2 id="order-heading" tabIndex={-1}>
              Links ({portfolio.links.length})
            </h2>
            <LinkOrder at={at} links={portfolio.links} editable={mayEdit} onChanged={loaded.reload} />
          </section>
          {mayEdit && <AddLinks at={at} present={present} onAdded={loaded.reload} />}
        </div>
        <section class="portfolio-preview-panel" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview</h2>
          <p class="muted">{mayEdit ? 'The public page as it will look once saved; it follows the form as you type.' : 'The public page as it looks.'}</p>
          <PortfolioPreview draft={draft} links={portfolio.links} avatarUrl={portfolio.avatar_url} />
        </section>
      </div>
      <ConfirmDialog
        open={deleting}
        title={`Delete portfolio “${portfolio.name}”?`}
        confirmLabel="Delete portfolio"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
      >
        <p>
          Its public page stops working at once. Its {portfolio.links.length} {portfolio.links.length === 1 ? 'link stays' : 'links stay'} in the workspace.
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
