import { initialsOf, pageColours, TREND_DAYS } from '../../../../portfolios/shared';
import { type Draft, linkName, type PortfolioLink, withoutScheme } from './types';

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'click' : 'clicks'}`;

/**
 * The public page as it will look, drawn from the form's draft and the links as they are now: it
 * follows every keystroke. Its colours are the page's own (pageColours: defaults, and black or
 * white where a chosen text colour could not be read), set as CSS custom properties through the
 * CSSOM (which the strict CSP allows, unlike style attributes).
 */
export function PortfolioPreview({ draft, links, avatarUrl }: { draft: Draft; links: PortfolioLink[]; avatarUrl: string | null }) {
  const colours = pageColours(draft.style);
  const vars = { '--preview-bg': colours.bg, '--preview-text': colours.text, '--preview-button': colours.button, '--preview-button-text': colours.buttonText };
  const name = draft.name.trim() || 'Untitled portfolio';
  const initials = initialsOf(name);
  return (
    <div class="portfolio-preview" style={vars}>
      {avatarUrl ? (
        <img class="preview-avatar" src={avatarUrl} alt="" width={96} height={96} />
      ) : (
        initials && (
          <div class="preview-avatar preview-initials" aria-hidden="true">
            {initials}
          </div>
        )
      )}
      <h3>{name}</h3>
      {draft.description.trim() && <p class="preview-bio">{draft.description}</p>}
      <h4 class="visually-hidden">Links</h4>
      {links.length === 0 ? (
        <p>No links yet.</p>
      ) : (
        <ul>
          {links.map((link) => {
            const stats = [
              draft.show_clicks && count(link.click_count),
              draft.show_trend && `${count(link.trend_clicks)} in the last ${TREND_DAYS} days`,
            ].filter(Boolean);
            return (
              <li key={link.id}>
                <a href={link.short_url}>{linkName(link)}</a>
                {link.title && <span class="preview-url">{withoutScheme(link.short_url)}</span>}
                {stats.length > 0 && <span class="preview-stats">{stats.join(' · ')}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
