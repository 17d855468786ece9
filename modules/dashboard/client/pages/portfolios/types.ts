import { portfolioPath, STYLE_KEYS, type StyleKey } from '../../../../portfolios/shared';
import type { ApiAnswer } from '../../api';

export type Portfolio = ApiAnswer<'get', '/api/workspaces/{wsId}/portfolios'>['portfolios'][number];
export type PortfolioWithLinks = ApiAnswer<'get', '/api/workspaces/{wsId}/portfolios/{portfolioId}'>;
export type PortfolioLink = PortfolioWithLinks['links'][number];
/** The API path parameters of one portfolio. */
export interface PortfolioAt {
  wsId: string;
  portfolioId: string;
}

export const COLOURS = STYLE_KEYS;
export type ColourKey = StyleKey;

/** What the details form edits, and the preview draws: colours as typed ('' = the default). */
export interface Draft {
  name: string;
  description: string;
  show_clicks: boolean;
  show_trend: boolean;
  style: Record<ColourKey, string>;
}

export const draftOf = (p: Portfolio): Draft => ({
  name: p.name,
  description: p.description ?? '',
  show_clicks: p.config.show_clicks,
  show_trend: p.config.show_trend,
  style: Object.fromEntries(COLOURS.map((key) => [key, p.config.style[key] ?? ''])) as Record<ColourKey, string>,
});

/** The PATCH body of a draft: empty colours are left out (the public page then uses its defaults). */
export const patchOf = (draft: Draft) => ({
  name: draft.name,
  description: draft.description.trim() ? draft.description : null,
  config: {
    show_clicks: draft.show_clicks,
    show_trend: draft.show_trend,
    style: Object.fromEntries(COLOURS.filter((key) => draft.style[key].trim()).map((key) => [key, draft.style[key].trim()])),
  },
});

/** The public page's address, on the site the dashboard is served from. */
export const publicUrl = (slug: string) => `${location.origin}${portfolioPath(slug)}`;

/** A URL as shown: without its scheme. */
export const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '');

/** How a link is named in lists and buttons: its title, else its short URL without the scheme. */
export const linkName = (link: { title: string | null; short_url: string }) => link.title || withoutScheme(link.short_url);
