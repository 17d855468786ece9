import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../api';
import { Button, toast } from '../../ui';
import { linkName, type PortfolioLink } from './types';

type Direction = 'up' | 'down';
const buttonId = (direction: Direction, linkId: string) => `move-${direction}-${linkId}`;

/**
 * The portfolio's links in their public order. Editors move a link up or down (one step per press,
 * saved at once, focus staying on the moved link's button) or remove it; viewers see the list only.
 */
export function LinkOrder({ path, links, editable, onChanged }: { path: string; links: PortfolioLink[]; editable: boolean; onChanged(): void }) {
  const [busy, setBusy] = useState(false);
  const [moved, setMoved] = useState<{ linkId: string; direction: Direction }>();
  const list = useRef<HTMLOListElement>(null);

  // after the reload, the moved link's button again (or its other one, at the end of the list)
  useEffect(() => {
    if (!moved) return;
    const other: Direction = moved.direction === 'up' ? 'down' : 'up';
    const same = document.getElementById(buttonId(moved.direction, moved.linkId)) as HTMLButtonElement | null;
    (same && !same.disabled ? same : document.getElementById(buttonId(other, moved.linkId)))?.focus();
  }, [links, moved]);

  // buttons stay enabled while a change is saved (a disabled button would drop the keyboard focus); presses then wait
  const move = async (index: number, direction: Direction) => {
    if (busy) return;
    const to = direction === 'up' ? index - 1 : index + 1;
    const ids = links.map((l) => l.id);
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    setBusy(true);
    try {
      await api('PUT', `${path}/links/order`, { link_ids: ids });
      setMoved({ linkId: links[index]!.id, direction });
      toast(`Moved “${linkName(links[index]!)}” to position ${to + 1} of ${links.length}`);
      onChanged();
    } catch (error) {
      toast(`Could not move the link: ${(error as Error).message}`);
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const remove = async (link: PortfolioLink) => {
    if (busy) return;
    setBusy(true);
    try {
      await api('DELETE', `${path}/links/${encodeURIComponent(link.id)}`);
      toast(`Removed “${linkName(link)}” from the portfolio (the link itself remains)`);
      list.current?.closest('section')?.querySelector('h2')?.focus();
      onChanged();
    } catch (error) {
      toast(`Could not remove the link: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  if (!links.length) return <p class="muted">No links yet.{editable && ' Find some below and add them.'}</p>;
  return (
    <ol class="portfolio-links" ref={list} aria-label="Links in their public order">
      {links.map((link, index) => (
        <li key={link.id}>
          <span class="portfolio-link-text">
            <strong>{linkName(link)}</strong>
            <span class="muted">
              {link.title && `${link.short_url.replace(/^https?:\/\//, '')} · `}→ {link.target}
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
