import type { Config } from './config';
import { TRUSTED, type TrustedProxies, UNTRUSTED } from './trusted-proxies';

/**
 * First path segments that belong to the site (the API, its pages, the health probes, files kept for
 * it): never a slug, generated or chosen. Core knows no module: app/modules.ts adds every module's
 * declared segments (core/site-paths.ts) as the module list loads, before any process serves or writes a link.
 */
export const RESERVED_SEGMENTS = new Set<string>();

/** Adds the modules' segments to RESERVED_SEGMENTS (app/modules.ts, once). */
export function reserveSegments(segments: Iterable<string>): void {
  for (const segment of segments) RESERVED_SEGMENTS.add(segment);
}

/** A URL's hostname as DNS treats it: `Go.Example.com.` (fully qualified) is `go.example.com`. */
export const canonicalHostname = (url: URL) => url.hostname.toLowerCase().replace(/\.+$/, '');

/** Host of a request: the Host header, else the URL's authority (Request objects in tests). */
export function requestHost(request: Request): string {
  const header = request.headers.get('host');
  if (header) return header.toLowerCase();
  const url = request.url;
  const start = url.indexOf('//') + 2;
  const end = url.indexOf('/', start);
  return url.slice(start, end === -1 ? undefined : end).toLowerCase();
}

/** A Host header as RFC 3986 spells an authority: a name or IPv4 address, or a bracketed IPv6 one, and maybe a port. */
const HOST_HEADER = /^(?:[a-z0-9._~!$&'()*+,;=-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether a request names a host and a target that make a URL. Bun builds `request.url` from the
 * Host header and the target as they came (`[::1`, `h:p:p` or an empty Host make one no URL parser
 * takes); past this check every `new URL(request.url)` holds. ~60 ns: the redirect path pays it.
 */
export function wellFormedRequest(request: Request): boolean {
  const host = request.headers.get('host');
  return (host === null || HOST_HEADER.test(host)) && URL.canParse(request.url);
}

/** First path segment without parsing a URL object (the redirect path avoids allocations). */
export function firstSegment(request: Request): string {
  const url = request.url;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  if (pathStart === -1) return '';
  let end = pathStart + 1;
  while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++;
  return url.slice(pathStart + 1, end);
}

/**
 * The slug of a short-link path: `abc` for `/abc` or `/abc?q=1`. Undefined for any other path,
 * and for one that needs percent-decoding: the app's router answers those.
 */
export function shortLinkSlug(request: Request): string | undefined {
  const url = request.url;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  if (pathStart === -1) return undefined;
  let end = pathStart + 1;
  for (; end < url.length; end++) {
    const char = url.charCodeAt(end);
    if (char === 63 /* ? */ || char === 35 /* # */) break;
    if (char === 47 /* / */ || char === 37 /* % */) return undefined;
  }
  return end > pathStart + 1 ? url.slice(pathStart + 1, end) : undefined;
}

type IpSource = { requestIP(request: Request): { address: string } | null } | null | undefined;

/**
 * The caller's IP: the socket's peer; when that peer is a trusted proxy, the right-most
 * `X-Forwarded-For` address that is not one. Each proxy appends the address it saw, so only the
 * entries right of the first untrusted one were written by proxies: the rest is the visitor's own
 * text. A request handled in process (no server: `app.handle`, tests) has no peer, and its
 * `X-Forwarded-For` is its caller's word. An entry that is not an address stops the walk at the
 * proxy that passed it on.
 */
export function clientIp(request: Request, server: IpSource, proxies: TrustedProxies | undefined): string {
  const peer = server ? (server.requestIP(request)?.address ?? '') : undefined;
  if (!proxies || (peer !== undefined && !proxies.has(peer))) return peer ?? '';
  const forwarded = request.headers.get('x-forwarded-for');
  let hop = peer ?? '';
  if (!forwarded) return hop;
  for (let end = forwarded.length; end > 0; ) {
    const comma = forwarded.lastIndexOf(',', end - 1);
    const address = forwarded.slice(comma + 1, end).trim();
    const kind = proxies.kind(address);
    if (kind !== TRUSTED) return kind === UNTRUSTED ? address : hop;
    hop = address;
    end = comma;
  }
  return hop;
}

/** Custom domains are served over https; the default domain uses the site's protocol. */
export function shortUrl(config: Config, domain: string, slug: string): string {
  const protocol = domain === config.defaultDomain ? config.shortProtocol : 'https:';
  return `${protocol}//${domain}/${slug}`;
}
