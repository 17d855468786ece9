import type { Deps } from '../../core/deps';
import { shortUrl } from '../../core/hosts';
import { clicksByLinkSince } from '../clicks';
import { getPortfolioBySlug, isPortfolioSlug, pageCacheKey, portfolioLinkList, trendStart } from './service';
import { DEFAULT_STYLE, TREND_DAYS } from './shared';

/** Public portfolio pages are cached 5 minutes (by browsers and proxies, and here). */
export const PAGE_TTL_MS = 300_000;
export const PAGE_CACHE_CONTROL = `public, max-age=${PAGE_TTL_MS / 1000}`;
/** No script, nothing loaded: only the page's own inline style (its colours are checked hex values). */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const esc = (value: string) => Bun.escapeHTML(value);
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

function layout(title: string, style: { bg_color: string; text_color: string; accent_color: string }, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;background:${esc(style.bg_color)};color:${esc(style.text_color)}}
main{max-width:42rem;margin:0 auto;padding:2rem 1rem}
h1{margin:0 0 .5rem;font-size:1.75rem}
ul{list-style:none;padding:0;margin:1.5rem 0 0}
li{padding:.75rem 0;border-bottom:1px solid color-mix(in srgb,currentColor 20%,transparent)}
a{color:${esc(style.accent_color)};font-weight:600;text-decoration:underline;text-underline-offset:2px}
a:focus-visible{outline:3px solid ${esc(style.accent_color)};outline-offset:2px}
.url,.stats{display:block;font-size:.9rem}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const renderNotFound = (): RenderedPage => ({
  status: 404,
  html: layout('Portfolio not found', DEFAULT_STYLE, '<h1>Portfolio not found</h1>\n<p>There is no portfolio at this address.</p>'),
});

/** The page of a portfolio slug, server-rendered; every user string is HTML-escaped. */
async function renderPage(deps: Deps, slug: string): Promise<RenderedPage> {
  const portfolio = await getPortfolioBySlug(deps.readDb, slug);
  if (!portfolio) return renderNotFound();
  const { config } = portfolio;
  const style = { ...DEFAULT_STYLE, ...config.style };
  const entries = await portfolioLinkList(deps.readDb, portfolio);
  const trend = config.show_trend
    ? await clicksByLinkSince(
        deps.readDb,
        entries.map((e) => e.link.id),
        trendStart(),
      )
    : new Map<string, number>();

  const items = entries.map(({ link }) => {
    const url = shortUrl(deps.config, link.domain, link.slug);
    const shown = url.replace(/^https?:\/\//, '');
    const stats: string[] = [];
    if (config.show_clicks) stats.push(count(Number(link.clickCount), 'click', 'clicks'));
    if (config.show_trend) stats.push(`${count(trend.get(link.id) ?? 0, 'click', 'clicks')} in the last ${TREND_DAYS} days`);
    return [
      '<li>',
      `<a href="${esc(url)}">${esc(link.title || shown)}</a>`,
      link.title ? `<span class="url">${esc(shown)}</span>` : '',
      stats.length ? `<span class="stats">${esc(stats.join(' · '))}</span>` : '',
      '</li>',
    ].join('');
  });
  const body = [
    `<h1>${esc(portfolio.name)}</h1>`,
    portfolio.description ? `<p>${esc(portfolio.description)}</p>` : '',
    `<h2>Links</h2>`,
    items.length ? `<ul>\n${items.join('\n')}\n</ul>` : '<p>No links yet.</p>',
  ]
    .filter(Boolean)
    .join('\n');
  return { status: 200, html: layout(portfolio.name, style, body) };
}

/** The page through the shared cache (5 minutes; portfolio writes invalidate it). */
export async function portfolioPage(deps: Deps, slug: string): Promise<RenderedPage> {
  // no lookup (and no cache entry) for addresses no portfolio can have
  if (!isPortfolioSlug(slug)) return renderNotFound();
  return (await deps.cache.readThrough(pageCacheKey(slug), PAGE_TTL_MS, () => renderPage(deps, slug)))!;
}
