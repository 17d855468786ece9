import { parseTagList } from '../links';

/**
 * The CSV exports of the tools people leave, recognised by their headers. Headers are compared
 * case-, space-, hyphen- and underscore-insensitively (`Long URL`, `long_url` and `longUrl` are one).
 */

export const IMPORT_FORMATS = ['generic', 'bitly', 'shlink', 'yourls', 'kutt'] as const;
export type KnownFormat = (typeof IMPORT_FORMATS)[number];
export type ImportFormat = KnownFormat | 'auto';

export const normalHeader = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

interface FormatColumns {
  /** present together, they identify the format (auto) */
  marker: string[];
  /** the target column: the first of these present */
  target: string[];
  /** the link's short code as such */
  code: string[];
  /** the link's short URL (its last path segment is the short code) */
  shortUrl: string[];
  title: string[];
  /** the refusal when no target column is found */
  noTarget: string;
}

const GENERIC_TARGETS = ['target', 'url', 'destination', 'longurl'];

/** Real headers: Bitly's dashboard export, Shlink's (web client), YOURLS's url table, Kutt's links. */
const FORMATS: Record<KnownFormat, FormatColumns> = {
  bitly: {
    marker: ['bitlink'],
    target: ['longurl'],
    code: ['customlink', 'backhalf'],
    shortUrl: ['bitlink'],
    title: ['title'],
    noTarget: 'a Bitly export needs a long_url column',
  },
  shlink: {
    marker: ['shortcode', 'longurl'],
    target: ['longurl'],
    code: ['shortcode'],
    shortUrl: ['shorturl'],
    title: ['title'],
    noTarget: 'a Shlink export needs a longUrl column',
  },
  yourls: {
    marker: ['keyword', 'url'],
    target: ['url', 'longurl'],
    code: ['keyword'],
    shortUrl: ['shorturl'],
    title: ['title'],
    noTarget: 'a YOURLS export needs a url column',
  },
  kutt: {
    marker: ['address', 'target'],
    target: ['target'],
    code: ['address'],
    shortUrl: ['link', 'shorturl'],
    title: ['description', 'title'],
    noTarget: 'a Kutt export needs a target column',
  },
  generic: {
    marker: [],
    target: GENERIC_TARGETS,
    code: ['shortcode', 'keyword'],
    shortUrl: ['shorturl', 'shortlink'],
    title: ['title'],
    noTarget: 'name one of target, url, destination, long_url',
  },
};

/** Where a file's fields are: normalised header names. */
export interface ImportColumns {
  format: KnownFormat;
  target: string;
  code?: string;
  shortUrl?: string;
  title?: string;
}

const firstOf = (headers: string[], names: string[]) => names.find((name) => headers.includes(name));

/**
 * The format (given, or the first whose marker columns are all present) and its columns among
 * `headers` (normalised); the refusal's words when it has no target column.
 */
export function importColumns(headers: string[], format: ImportFormat): ImportColumns | string {
  const known =
    format === 'auto' ? (IMPORT_FORMATS.find((f) => FORMATS[f].marker.length && FORMATS[f].marker.every((m) => headers.includes(m))) ?? 'generic') : format;
  const columns = FORMATS[known];
  const target = firstOf(headers, columns.target);
  if (!target) return `No target column: ${columns.noTarget}`;
  return {
    format: known,
    target,
    code: firstOf(headers, columns.code),
    shortUrl: firstOf(headers, columns.shortUrl),
    title: firstOf(headers, columns.title),
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

/** A CSV tags cell by the editor's rule (parseTagList), at most `max` kept: the spec truncates extras on import. */
export function parseTagCell(cell: string, max: number): string[] {
  return parseTagList(cell).slice(0, max);
}
