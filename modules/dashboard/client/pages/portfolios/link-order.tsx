import { useEffect, useRef, useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { Button, toast } from '../../ui';
import { linkName, type PortfolioAt, type PortfolioLink, withoutScheme } from './types';

type Direction = 'up' | 'down';
const buttonId = (direction: Direction, linkId: string) => `move-${direction}-${linkId}`;

/**
 * The portfolio's links in their public order. Editors move a link up or down (one step per press,
 * saved at once, focus staying on the moved link's button) or remove it; viewers see the list only.
 */
export function LinkOrder({ at, links, editable, onChanged }: { at: PortfolioAt; links: PortfolioLink[]; editable: boolean; onChanged(): void }) {
  const [busy, setBusy] = useState(false);
  /** the last move, until the reloaded links (other than `before`) show it */
  const [moved, setMoved] = useState<{ linkId: string; direction: Direction; before: PortfolioLink[] }>();
  const list = useRef<HTMLOListElement>(null);

  // a change is pending until the reloaded links arrive, so the next press works on the new order;
  // buttons stay enabled meanwhile (a disabled button would drop the keyboard focus), presses made
  // meanwhile are ignored. A ref, cleared before the focus comes back below: a press right after it
  // (the state would still say busy until the next render) is taken
  const pending = useRef(false);
  useEffect(() => {
    pending.current = false;
    setBusy(false);
  }, [links]);

  // after the reload, the moved link's button again (or its other one, at the end of the list)
  useEffect(() => {
    if (!moved || links === moved.before) return;
    setMoved(undefined);
    const other: Direction = moved.direction === 'up' ? 'down' : 'up';
    const same = document.getElementById(buttonId(moved.direction, moved.linkId)) as HTMLButtonElement | null;
    (same && !same.disabled ? same : document.getElementById(buttonId(other, moved.linkId)))?.focus();
  }, [links, moved]);

  const change = async (request: () => Promise<unknown>, done: string, failed: string) => {
    if (pending.current) return false;
    pending.current = true;
    setBusy(true);
    try {
      await request();
      toast(done);
      onChanged();
      return true;
    } catch (error) {
      toast(`${failed}: ${failureMessage(error)}`);
      pending.current = false;
      setBusy(false);
      // another editor may have changed the links (the API then refuses a stale order): show them as they are
      onChanged();
      return false;
    }
  };
  const move = async (index: number, direction: Direction) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const ids = links.map((l) => l.id);
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    const link = links[index]!;
    const saved = await change(
      () => api.put('/api/workspaces/{wsId}/portfolios/{portfolioId}/links/order', { params: { path: at }, body: { link_ids: ids } }),
      `Moved “${linkName(link)}” to position ${to + 1} of ${links.length}`,
      'Could not move the link',
    );
    if (saved) setMoved({ linkId: link.id, direction, before: links });
  };
  const remove = async (link: PortfolioLink) => {
    const removed = await change(
      () => api.delete('/api/workspaces/{wsId}/portfolios/{portfolioId}/links/{linkId}', { params: { path: { ...at, linkId: link.id } } }),
      `Removed “${linkName(link)}” from the portfolio (the link itself remains)`,
      'Could not remove the link',
    );
    // its buttons are gone: the focus goes to the list's heading
    if (removed) list.current?.closest('section')?.querySelector<HTMLElement>('h2')?.focus();
  };

  if (!links.length) return <p class="muted">No links yet.{editable && ' Find some below and add them.'}</p>;
  return (
    <ol class="portfolio-links" ref={list} aria-label="Links in their public order">
      {links.map((link, index) => (
        <li key={link.id}>
          <span class="portfolio-link-text">
            <strong>{linkName(link)}</strong>
            <span class="muted">
              {link.title && `${withoutScheme(link.short_url)} · `}→ {link.target}
            </span>
          </span>
          {editable && (
            <span class="portfolio-link-actions">
              <Button id={buttonId('up', link.id)} variant="quiet" disabled={index === 0} onClick={() => move(index, 'up')}>
                Move up<span class="visually-hidden"> {linkName(link)}</span>
              </Button>
              <Button id={buttonId('down', link.id)} variant="quiet" disabled={index === links.length - 1} onClick={() => move(index, 'down')}>
                Move down<span class="visually-hidden"> {linkName(link)}</span>
              </Button>
              <Button variant="quiet" aria-busy={busy || undefined} onClick={() => remove(link)}>
                Remove<span class="visually-hidden"> {linkName(link)}</span>
              </Button>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
