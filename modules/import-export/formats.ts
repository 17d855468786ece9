import { parseTagList } from '../links';

/**
 * The exports of the tools people leave, recognised by their headers. Headers are compared
 * case-, space-, hyphen- and underscore-insensitively (`Long URL`, `long_url` and `longUrl` are one).
 * A tool may write several layouts (Bitly's current and classic exports, YOURLS's table and its
 * Import-Export plugin): each is a layout of that format. The sources of each layout are listed in
 * docs/import-export.md and cited beside the samples in test/import-export/samples.
 */

export const IMPORT_FORMATS = ['generic', 'bitly', 'shlink', 'yourls', 'kutt', 'linkhop'] as const;
export type KnownFormat = (typeof IMPORT_FORMATS)[number];
export type ImportFormat = KnownFormat | 'auto';

export const normalHeader = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

interface Layout {
  format: KnownFormat;
  /** present together, they identify the layout (auto) */
  marker: string[];
  /** the target column: the first of these present */
  target: string[];
  /** the link's short code as such (may hold a whole short URL, or several separated by commas) */
  code: string[];
  /** the link's short URL (its last path segment is the short code) */
  shortUrl: string[];
  title: string[];
  /** when the link was made in that tool */
  created: string[];
  /** the clicks that tool counted */
  clicks: string[];
  /** the refusal when no target column is found */
  noTarget: string;
}

const GENERIC_TARGETS = ['target', 'url', 'destination', 'longurl'];
const CREATED = ['createdat', 'datecreated', 'created', 'creationdate', 'timestamp'];
const CLICKS = ['clicks', 'clickcount', 'visits', 'visitscount', 'visitcount', 'hits', 'engagements', 'totalclicks', 'totalengagements'];

/** In detection order: the first layout whose marker columns are all present is the file's. */
const LAYOUTS: Layout[] = [
  // Linkhop's own CSV export (the spec's link export columns): its slugs are codes to keep where the domain allows
  {
    format: 'linkhop',
    marker: ['id', 'domain', 'slug', 'target', 'clickcount'],
    target: ['target'],
    code: ['slug'],
    shortUrl: [],
    title: ['title'],
    created: ['createdat'],
    clicks: ['clickcount'],
    noTarget: 'a Linkhop export needs a target column',
  },
  // Bitly's current dashboard export: Link (the bit.ly link), Custom Link (a branded back-half), Destination URL
  {
    format: 'bitly',
    marker: ['link', 'destinationurl'],
    target: ['destinationurl', 'longurl'],
    code: ['customlink', 'custombitlinks', 'backhalf'],
    shortUrl: ['link', 'bitlink'],
    title: ['title'],
    created: ['datecreated', 'createdat', 'created', 'creationdate'],
    clicks: CLICKS,
    noTarget: 'a Bitly export needs a Destination URL or long_url column',
  },
  // Bitly's classic export and its API's Bitlink fields: bitlink/link, long_url, custom_bitlinks
  {
    format: 'bitly',
    marker: ['bitlink'],
    target: ['longurl', 'destinationurl'],
    code: ['custombitlinks', 'customlink', 'backhalf'],
    shortUrl: ['bitlink', 'link'],
    title: ['title'],
    created: CREATED,
    clicks: CLICKS,
    noTarget: 'a Bitly export needs a Destination URL or long_url column',
  },
  // Shlink's web client export (ExportableShortUrl: createdAt, domain, shortCode, shortUrl, longUrl, title, tags, visits)
  {
    format: 'shlink',
    marker: ['shortcode', 'longurl'],
    target: ['longurl'],
    code: ['shortcode'],
    shortUrl: ['shorturl'],
    title: ['title'],
    created: ['createdat', 'datecreated'],
    clicks: ['visits', 'visitscount', 'visitcount'],
    noTarget: 'a Shlink export needs a longUrl column',
  },
  // YOURLS's Import-Export plugin: source (`/keyword/`), target, hits
  {
    format: 'yourls',
    marker: ['source', 'target', 'hits'],
    target: ['target'],
    code: ['source'],
    shortUrl: [],
    title: [],
    created: [],
    clicks: ['hits'],
    noTarget: 'a YOURLS export needs a url column (or the Import-Export plugin’s target column)',
  },
  // YOURLS's `yourls_url` table (a phpMyAdmin or mysqldump CSV): keyword, url, title, timestamp, ip, clicks
  {
    format: 'yourls',
    marker: ['keyword', 'url'],
    target: ['url', 'longurl'],
    code: ['keyword'],
    shortUrl: ['shorturl'],
    title: ['title'],
    created: ['timestamp'],
    clicks: ['clicks'],
    noTarget: 'a YOURLS export needs a url column (or the Import-Export plugin’s target column)',
  },
  // Kutt's links (API v2 `GET /api/v2/links` items, as CSV or as the JSON answer itself)
  {
    format: 'kutt',
    marker: ['address', 'target'],
    target: ['target'],
    code: ['address'],
    shortUrl: ['link', 'shorturl'],
    title: ['description', 'title'],
    created: ['createdat'],
    clicks: ['visitcount'],
    noTarget: 'a Kutt export needs a target column',
  },
  {
    format: 'generic',
    marker: [],
    target: GENERIC_TARGETS,
    code: ['shortcode', 'keyword'],
    shortUrl: ['shorturl', 'shortlink'],
    title: ['title'],
    created: CREATED,
    clicks: CLICKS,
    noTarget: 'name one of target, url, destination, long_url',
  },
];

/** Where a file's fields are: normalised header names. */
export interface ImportColumns {
  format: KnownFormat;
  target: string;
  code?: string;
  shortUrl?: string;
  title?: string;
  created?: string;
  clicks?: string;
}

const firstOf = (headers: string[], names: string[]) => names.find((name) => headers.includes(name));
const matches = (layout: Layout, headers: string[]) => layout.marker.every((m) => headers.includes(m));

/**
 * The layout (the first whose marker columns are all present, among the given format's layouts when
 * one is named) and its columns among `headers` (normalised); the refusal's words when it has no
 * target column.
 */
export function importColumns(headers: string[], format: ImportFormat): ImportColumns | string {
  const candidates = format === 'auto' ? LAYOUTS : LAYOUTS.filter((l) => l.format === format);
  const layout =
    candidates.find((l) => l.marker.length && matches(l, headers)) ??
    (format === 'auto' ? LAYOUTS.at(-1)! : (candidates.find((l) => firstOf(headers, l.target)) ?? candidates[0]!));
  const target = firstOf(headers, layout.target);
  if (!target) return `No target column: ${layout.noTarget}`;
  return {
    format: layout.format,
    target,
    code: firstOf(headers, layout.code),
    shortUrl: firstOf(headers, layout.shortUrl),
    title: firstOf(headers, layout.title),
    created: firstOf(headers, layout.created),
    clicks: firstOf(headers, layout.clicks),
  };
}

/** `bit.ly/3abc`, `https://s.example/abc?x` → `3abc`, `abc`; undefined when there is no path. */
export function codeOfShortUrl(value: string): string | undefined {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-1) ?? '') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A code cell as the short code: a short URL's last segment (Bitly's Custom Link), the first of
 * several (Bitly's "Custom Bitlinks" lists every branded link, comma-separated), a YOURLS plugin
 * `/keyword/` without its slashes.
 */
export function codeOfCell(cell: string): string | undefined {
  const first = cell
    .split(',')
    .map((part) => part.trim())
    .find(Boolean);
  if (!first) return undefined;
  if (/^\/[^/]+\/?$/.test(first)) return first.replace(/^\/|\/$/g, '');
  return first.includes('/') ? codeOfShortUrl(first) : first;
}

/** A tags cell by the editor's rule (parseTagList), at most `max` kept: the spec truncates extras on import. */
export function parseTagCell(cell: string, max: number): string[] {
  return parseTagList(cell).slice(0, max);
}

/**
 * A creation date as the tools write it: ISO 8601, `2024-03-01 09:12:44 UTC` (Bitly),
 * `2023-11-02 14:20:11` (YOURLS, read as UTC), a Unix time in seconds. Undefined when unreadable
 * or in the future (the link then takes the import's time).
 */
export function parseCreated(cell: string, now = Date.now()): Date | undefined {
  const text = cell.trim();
  let date: Date;
  if (/^\d{9,11}$/.test(text)) date = new Date(Number(text) * 1000);
  else {
    const isoLike = text
      .replace(/^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)\s*(?:UTC|GMT)?$/i, '$1T$2Z')
      // `+0000` (Bitly's API) as `+00:00`, which every Date parser reads
      .replace(/([+-]\d\d)(\d\d)$/, '$1:$2');
    if (!/^\d{4}-\d\d-\d\d/.test(isoLike)) return undefined;
    date = new Date(/^\d{4}-\d\d-\d\d$/.test(isoLike) ? `${isoLike}T00:00:00Z` : isoLike);
  }
  const time = date.getTime();
  return Number.isFinite(time) && time <= now && time > 0 ? date : undefined;
}

/** A click total: digits, thousands separators allowed (`1,284`); undefined when not a count. */
export function parseClicks(cell: string): number | undefined {
  const digits = cell.trim().replace(/[,\s_](?=\d{3}\b)/g, '');
  if (!/^\d{1,15}$/.test(digits)) return undefined;
  return Number(digits);
}
