/** Timestamps leave the API as ISO 8601 UTC strings. */
export const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : new Date(d).toISOString());
export const isoRequired = (d: Date | string): string => new Date(d).toISOString();

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
