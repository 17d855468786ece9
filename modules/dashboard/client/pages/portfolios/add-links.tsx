import { useState } from 'preact/hooks';
import { LIMITS } from '../../../../../core/plans';
import { api, failureMessage } from '../../api';
import { Button, FailureNotice, Field, Loading, toast, useLoad } from '../../ui';
import { linkName, type PortfolioAt } from './types';

const PAGE = 20;

/** Finds the workspace's links by text (the link list's `q`) and adds the ticked ones, at most 50 at a time. */
export function AddLinks({ at, present, onAdded }: { at: PortfolioAt; present: Set<string>; onAdded(): void }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // each answer names its search, so a new search never shows the last one's links under its heading
  const found = useLoad(
    async () => ({
      query,
      ...(await api.get('/api/workspaces/{wsId}/links', { params: { path: { wsId: at.wsId }, query: { limit: PAGE, q: query || undefined } } })),
    }),
    [at.wsId, query],
  );
  const full = picked.length >= LIMITS.portfolioLinksPerAdd;
  const toggle = (id: string, on: boolean) => setPicked(on ? [...picked, id] : picked.filter((p) => p !== id));
  const add = async () => {
    setBusy(true);
    try {
      const { added } = await api.post('/api/workspaces/{wsId}/portfolios/{portfolioId}/links', { params: { path: at }, body: { link_ids: picked } });
      toast(`Added ${added} ${added === 1 ? 'link' : 'links'} at the end of the portfolio`);
      setPicked([]);
      onAdded();
    } catch (error) {
      toast(`Could not add the links: ${failureMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel add-links" aria-labelledby="add-links-heading">
      <h2 id="add-links-heading">Add links</h2>
      <form
        class="add-links-search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(typed.trim());
        }}
      >
        <Field label="Find links" type="search" hint="Text in the slug, target or title." value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
        <Button type="submit">Search</Button>
      </form>
      {found.error ? (
        <FailureNotice error={found.error} retry={found.reload} />
      ) : found.data?.query !== query ? (
        <Loading />
      ) : found.data.links.length === 0 ? (
        <p>{query ? `No link matches “${query}”.` : 'This workspace has no links yet.'}</p>
      ) : (
        <fieldset>
          <legend>
            {query ? `Links matching “${query}”` : 'Newest links'}
            {found.data.total > PAGE && `: the first ${PAGE} of ${found.data.total}; search to narrow them down`}
          </legend>
          <ul class="add-links-results">
            {found.data.links.map((link) => {
              const already = present.has(link.id);
              const on = picked.includes(link.id);
              return (
                <li key={link.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={already || on}
                      disabled={already || (full && !on)}
                      onChange={(e) => toggle(link.id, e.currentTarget.checked)}
                    />
                    <span>
                      <strong>{linkName(link)}</strong>
                      <span class="muted">{already ? ' (already in the portfolio)' : ` → ${link.target}`}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {full && <p class="field-hint">At most {LIMITS.portfolioLinksPerAdd} links at a time: add these, then pick more.</p>}
      <Button variant="primary" busy={busy} disabled={!picked.length} onClick={add}>
        {picked.length ? `Add ${picked.length} ${picked.length === 1 ? 'link' : 'links'}` : 'Add links'}
      </Button>
    </section>
  );
}
