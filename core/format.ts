/** Timestamps leave the API as ISO 8601 UTC strings: a set one as a string, an unset one (nullable column) as null. */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null | undefined): string | null;
export function iso(d: Date | string | null | undefined): string | null {
  return d == null ? null : new Date(d).toISOString();
}

/** Primary keys: time-ordered UUIDs (index-friendly, opaque to clients). */
export const newId = (): string => Bun.randomUUIDv7();

/** Lowercase, URL-safe slug from a name: "Acme Corp!" → "acme-corp". */
export function slugify(name: string, max = 50): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return base || 'workspace';
}

/** http(s) URL check used by every URL field: other schemes (javascript:, data:, file:) are refused. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 4096) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * `params` set in a URL's query, replacing any parameters of the same names (however encoded);
 * the URL's other parameters stay byte for byte (a site may read `%20` and `+`, or `,` and `%2C`,
 * differently). A value that is not a URL is answered as it came.
 */
export function withQueryParams(target: string, params: readonly (readonly [name: string, value: string])[]): string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return target;
  }
  const replaced = new Set<string>(params.map(([name]) => name));
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair && !replaced.has(parameterName(pair)));
  url.search = [...kept, ...params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`)].join('&');
  return url.toString();
}

function parameterName(pair: string): string {
  const name = pair.split('=', 1)[0]!.replaceAll('+', ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * Unicode's bidirectional formatting characters (embeddings and overrides U+202A–U+202E, isolates
 * U+2066–U+2069, the marks U+200E/U+200F and U+061C): in a name shown to a person they reorder the
 * text around it, so `Good\u202Eppa.live` reads as `Goodevil.app`. A name never needs them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');
