import type { Deps } from '../../core/deps';
import { shortUrl } from '../../core/hosts';
import { clicksByLinkSince } from '../clicks';
import { avatarUrl, getPortfolioBySlug, isPortfolioSlug, pageCacheKey, portfolioLinkList, trendStart } from './service';
import { initialsOf, type PageColours, pageColours, portfolioPath, TREND_DAYS } from './shared';

/** Public portfolio pages are cached 5 minutes (by browsers and proxies, and here). */
export const PAGE_TTL_MS = 300_000;
export const PAGE_CACHE_CONTROL = `public, max-age=${PAGE_TTL_MS / 1000}`;
/** No script; nothing loaded but the page's own avatar. Its inline style holds only checked hex colours. */
export const PAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const esc = (value: string) => Bun.escapeHTML(value);
/** Link previews show about this much of a description. */
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

/** What the head says of the page to link previews (Open Graph, Twitter cards). */
interface Sharing {
  url: string;
  description: string;
  image: string | null;
}

function sharingTags(title: string, { url, description, image }: Sharing): string {
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ...(image
      ? ([
          ['property', 'og:image', image],
          ['property', 'og:image:alt', title],
        ] as [string, string, string][])
      : []),
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ...(image ? ([['name', 'twitter:image', image]] as [string, string, string][]) : []),
  ];
  return [`<link rel="canonical" href="${esc(url)}">`, ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${esc(value)}">`)].join('\n');
}

/** Mobile first: one column of large buttons, centred under the avatar, name and bio. */
function layout(title: string, colours: PageColours, body: string, sharing?: Sharing): string {
  const { bg, text, button, buttonText } = colours;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
${sharing ? sharingTags(title, sharing) : '<meta name="robots" content="noindex">'}
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.45;background:${bg};color:${text}}
main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem 2.5rem;text-align:center}
.avatar{display:block;width:6rem;height:6rem;margin:0 auto 1rem;border-radius:50%;object-fit:cover}
.initials{display:flex;align-items:center;justify-content:center;background:${button};color:${buttonText};font-size:2.25rem;font-weight:700}
h1{margin:0 0 .5rem;font-size:1.5rem;overflow-wrap:anywhere}
.bio{margin:0 auto;max-width:30rem;white-space:pre-line;overflow-wrap:anywhere}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
ul{display:grid;gap:.875rem;list-style:none;padding:0;margin:2rem 0 0}
li{position:relative;display:flex;flex-direction:column;justify-content:center;min-height:3.5rem;padding:.875rem 1.25rem;border-radius:.875rem;background:${button};color:${buttonText};box-shadow:0 1px 3px rgb(0 0 0/.2);transition:transform .12s}
li:hover{transform:translateY(-2px)}
li:focus-within{outline:3px solid ${text};outline-offset:3px}
a{color:inherit;font-size:1.0625rem;font-weight:600;text-decoration:none;overflow-wrap:anywhere}
a::after{content:"";position:absolute;inset:0;border-radius:inherit}
a:focus-visible{outline:none}
.url,.stats{display:block;font-size:.875rem;overflow-wrap:anywhere}
@media (prefers-reduced-motion:reduce){li{transition:none}li:hover{transform:none}}
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
  html: layout('Portfolio not found', pageColours({}), '<h1>Portfolio not found</h1>\n<p>There is no portfolio at this address.</p>'),
});

/** The page of a portfolio slug, server-rendered; every user string is HTML-escaped. */
async function renderPage(deps: Deps, slug: string): Promise<RenderedPage> {
  const portfolio = await getPortfolioBySlug(deps.readDb, slug);
  if (!portfolio) return renderNotFound();
  const { config } = portfolio;
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
  const avatar = avatarUrl(deps.config.siteUrl, portfolio);
  const initials = initialsOf(portfolio.name);
  const body = [
    avatar
      ? `<img class="avatar" src="${esc(avatar)}" alt="" width="96" height="96">`
      : initials
        ? `<div class="avatar initials" aria-hidden="true">${esc(initials)}</div>`
        : '',
    `<h1>${esc(portfolio.name)}</h1>`,
    portfolio.description ? `<p class="bio">${esc(portfolio.description)}</p>` : '',
    `<h2 class="visually-hidden">Links</h2>`,
    items.length ? `<ul>\n${items.join('\n')}\n</ul>` : '<p>No links yet.</p>',
  ]
    .filter(Boolean)
    .join('\n');
  const sharing = {
    url: `${deps.config.siteUrl}${portfolioPath(portfolio.slug)}`,
    description: clip(portfolio.description?.trim() || `${count(entries.length, 'link', 'links')} from ${portfolio.name}`, 200),
    image: avatar,
  };
  return { status: 200, html: layout(portfolio.name, pageColours(config.style), body, sharing) };
}

/** The page through the shared cache (5 minutes; portfolio writes invalidate it). */
export async function portfolioPage(deps: Deps, slug: string): Promise<RenderedPage> {
  // no lookup (and no cache entry) for addresses no portfolio can have
  if (!isPortfolioSlug(slug)) return renderNotFound();
  return (await deps.cache.readThrough(pageCacheKey(slug), PAGE_TTL_MS, () => renderPage(deps, slug)))!;
}
