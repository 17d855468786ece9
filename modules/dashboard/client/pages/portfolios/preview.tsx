import { DEFAULT_STYLE, TREND_DAYS } from '../../../../portfolios/shared';
import { isHex } from '../../ui';
import { COLOURS, type Draft, linkName, type PortfolioLink, withoutScheme } from './types';

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'click' : 'clicks'}`;

/**
 * The public page as it will look, drawn from the form's draft and the links as they are now: it
 * follows every keystroke. Colours reach it as CSS custom properties set through the CSSOM (which
 * the strict CSP allows, unlike style attributes); a colour that is not hex yet shows the default.
 */
export function PortfolioPreview({ draft, links }: { draft: Draft; links: PortfolioLink[] }) {
  const colours = Object.fromEntries(
    COLOURS.map((key) => [`--preview-${key.replace('_color', '')}`, isHex(draft.style[key]) ? draft.style[key].trim() : DEFAULT_STYLE[key]]),
  );
  return (
    <div class="portfolio-preview" style={colours}>
      <h3>{draft.name.trim() || 'Untitled portfolio'}</h3>
      {draft.description.trim() && <p>{draft.description}</p>}
      <h4>Links</h4>
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
