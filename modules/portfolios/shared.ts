// Pure data shared by the public page and the dashboard's preview of it (the browser bundle may import this file).

/** The colours of a public page whose style leaves them unset. */
export const DEFAULT_STYLE = { bg_color: '#ffffff', text_color: '#1f2937', accent_color: '#1d4ed8' } as const;

/** `show_trend` shows each link's clicks of this many last days. */
export const TREND_DAYS = 7;

/** The public address of a portfolio. */
export const portfolioPath = (slug: string) => `/p/${slug}`;
