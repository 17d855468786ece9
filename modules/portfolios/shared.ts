// Pure data shared by the public page and the dashboard's preview of it (the browser bundle may import this file).

/** The colours a page style may set; any left unset take the page's defaults. */
export const STYLE_KEYS = ['bg_color', 'text_color', 'accent_color', 'button_color', 'button_text_color'] as const;
export type StyleKey = (typeof STYLE_KEYS)[number];
export type Style = Partial<Record<StyleKey, string>>;

/** The colours of a public page whose style leaves them unset (buttons take the accent colour). */
export const DEFAULT_STYLE = { bg_color: '#ffffff', text_color: '#1f2937', accent_color: '#1d4ed8' } as const;

/**
 * Named themes the editor offers as swatches: each a full style, every pair above WCAG AA (the
 * shared test checks it). The API stores colours only; a theme is a quick way to fill them.
 */
export const THEMES = {
  classic: { bg_color: '#ffffff', text_color: '#1f2937', accent_color: '#1d4ed8', button_color: '#1d4ed8', button_text_color: '#ffffff' },
  midnight: { bg_color: '#0f172a', text_color: '#e2e8f0', accent_color: '#38bdf8', button_color: '#38bdf8', button_text_color: '#0f172a' },
  sunset: { bg_color: '#fff7ed', text_color: '#431407', accent_color: '#c2410c', button_color: '#c2410c', button_text_color: '#ffffff' },
  forest: { bg_color: '#ecfdf5', text_color: '#064e3b', accent_color: '#047857', button_color: '#047857', button_text_color: '#ffffff' },
  grape: { bg_color: '#2e1065', text_color: '#f5f3ff', accent_color: '#fde047', button_color: '#fde047', button_text_color: '#2e1065' },
  mono: { bg_color: '#f4f4f5', text_color: '#18181b', accent_color: '#18181b', button_color: '#18181b', button_text_color: '#fafafa' },
} as const satisfies Record<string, Record<StyleKey, string>>;
export type ThemeName = keyof typeof THEMES;

/** Text needs this contrast with what is behind it (WCAG 2 AA, normal-size text). */
export const MIN_CONTRAST = 4.5;

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const isHexColour = (value: string | undefined): value is string => value !== undefined && HEX.test(value.trim());

/** #rgb or #rrggbb → lowercase #rrggbb. */
export const longHex = (hex: string) => {
  const h = hex.trim().toLowerCase();
  return h.length === 4 ? `#${[...h.slice(1)].map((c) => c + c).join('')}` : h;
};

/** WCAG 2 relative luminance of a hex colour. */
function luminance(hex: string): number {
  const h = longHex(hex);
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Black or white, whichever reads better on `background` (one of them always passes AA). */
export const readableOn = (background: string) => (contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff');

/** A colour replaced because it could not be read on its background. */
export interface ContrastFix {
  key: 'text_color' | 'button_text_color';
  chosen: string;
  ratio: number;
  used: string;
}

export interface PageColours {
  bg: string;
  text: string;
  button: string;
  buttonText: string;
  /** the colours the page uses instead of the chosen ones, and why */
  fixes: ContrastFix[];
}

/**
 * The colours a page is drawn with. Unset colours take the defaults (buttons the accent colour,
 * their text black or white); a text colour below AA contrast on its background is replaced by
 * black or white, so every page is readable whatever colours were stored (and axe stays clean).
 */
export function pageColours(style: Style): PageColours {
  const pick = (key: StyleKey) => (isHexColour(style[key]) ? longHex(style[key]!) : undefined);
  const bg = pick('bg_color') ?? DEFAULT_STYLE.bg_color;
  const button = pick('button_color') ?? pick('accent_color') ?? DEFAULT_STYLE.accent_color;
  const fixes: ContrastFix[] = [];
  const readable = (key: ContrastFix['key'], chosen: string | undefined, fallback: string, background: string) => {
    const wanted = chosen ?? fallback;
    const ratio = contrastRatio(wanted, background);
    if (ratio >= MIN_CONTRAST) return wanted;
    const used = readableOn(background);
    if (chosen) fixes.push({ key, chosen, ratio: Math.floor(ratio * 10) / 10, used });
    return used;
  };
  const text = readable('text_color', pick('text_color'), DEFAULT_STYLE.text_color, bg);
  const buttonText = readable('button_text_color', pick('button_text_color'), readableOn(button), button);
  return { bg, text, button, buttonText, fixes };
}

/** `show_trend` shows each link's clicks of this many last days. */
export const TREND_DAYS = 7;

/** The public address of a portfolio. */
export const portfolioPath = (slug: string) => `/p/${slug}`;

/** Where a portfolio's avatar is served (`v` changes with each upload, so it may be cached for good). */
export const avatarPath = (slug: string, version: string) => `/p/${slug}/avatar?v=${version}`;

/** An avatar upload: at most this many bytes, of these image types (no SVG: it may carry script). */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Up to two initials of a name: what the page shows where there is no avatar. */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}
