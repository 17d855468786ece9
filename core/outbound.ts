import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';

/**
 * Outbound HTTP to addresses users give us (webhook URLs, monitored link targets), guarded
 * against SSRF: the host is resolved here, every address is checked, and the request connects
 * to the checked address itself (no second lookup, so DNS rebinding cannot swap it). Bun's
 * fetch ignores custom DNS agents, hence node:http(s) with the IP as host and the name as
 * TLS servername (certificate checked against the name) and Host header. Redirects are never
 * followed.
 */

/** The URL cannot be used; the message says why (shown to API clients). */
export class UnsafeUrlError extends Error {
  override readonly name = 'UnsafeUrlError';
}

export interface OutboundPolicy {
  /** `['https:']` for webhooks; monitoring also checks http targets */
  protocols: readonly string[];
  maxLength: number;
  /** WEBHOOK_ALLOW_PRIVATE: lifts only the address check (local development, tests) */
  allowPrivate: boolean;
  /** deadline of the DNS lookup */
  lookupTimeoutMs?: number;
}

export interface OutboundTarget {
  url: URL;
  /** the checked address the request connects to */
  address: string;
  /** hostname without brackets or trailing dot: TLS servername and certificate identity */
  hostname: string;
}

// ---- address classification ----------------------------------------------------------------

const V4_FORBIDDEN: [number, number][] = (
  [
    ['0.0.0.0', 8], // "this network", unspecified
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8],
    ['169.254.0.0', 16], // link-local, cloud metadata
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ] as const
).map(([base, bits]) => [ipv4ToInt(base)!, bits]);

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((acc, p) => acc * 256 + Number(p), 0);
}

const inV4Range = (n: number, base: number, bits: number) => bits === 0 || Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));

function v4Forbidden(n: number): boolean {
  return V4_FORBIDDEN.some(([base, bits]) => inV4Range(n, base, bits));
}

/** Eight 16-bit groups of an IPv6 address (dotted IPv4 tail allowed), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip;
  const tail: number[] = [];
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = ipv4ToInt(dotted[2]!);
    if (n === null) return null;
    tail.push(Math.floor(n / 65536), n % 65536);
    text = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  const missing = 8 - head.length - rest.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array(halves.length === 2 ? missing : 0).fill(0), ...rest, ...tail];
}

function v6Forbidden(g: number[]): boolean {
  const embeddedV4 = (hi: number, lo: number) => v4Forbidden(hi * 65536 + lo);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 6)) return true; // ::, ::1 and the IPv4-compatible ::a.b.c.d
  if (zeros(0, 5) && g[5] === 0xffff) return true; // IPv4-mapped ::ffff:a.b.c.d
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return true; // IPv4-translated ::ffff:0:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b) return zeros(2, 6) ? embeddedV4(g[6]!, g[7]!) : true; // NAT64 (and its local-use /48)
  if (g[0] === 0x2002) return embeddedV4(g[1]!, g[2]!); // 6to4
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return true; // Teredo, documentation
  if (g[0] === 0x100 && zeros(1, 4)) return true; // discard prefix
  if ((g[0]! & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xffc0) === 0xfec0) return true; // link-local, site-local
  if ((g[0]! & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/**
 * True for every address a user-supplied URL must not reach: loopback, private, link-local,
 * CGNAT, ULA, unspecified, multicast, broadcast, documentation ranges and IPv4 addresses hidden
 * in IPv6 forms. Unparseable input counts as forbidden.
 */
export function isForbiddenAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (bare.includes('%')) return true; // zone ids only exist on link-local addresses
  const v4 = ipv4ToInt(bare);
  if (v4 !== null) return v4Forbidden(v4);
  const groups = ipv6Groups(bare);
  return groups === null || v6Forbidden(groups);
}

// ---- URL check ---------------------------------------------------------------------------------

async function resolveAll(hostname: string, timeoutMs: number): Promise<string[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnsafeUrlError(`Invalid URL: looking up ${hostname} timed out`)), timeoutMs);
  });
  try {
    const found = await Promise.race([lookup(hostname, { all: true, verbatim: true }), deadline]);
    return found.map((a) => a.address);
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw error;
    throw new UnsafeUrlError(`Invalid URL: host ${hostname} could not be resolved`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Parses and checks `raw` and resolves its host (A and AAAA). Refuses other schemes, overlong
 * URLs, credentials in the URL and, unless `allowPrivate`, any host with a forbidden address.
 * Numeric host tricks (2130706433, 0x7f000001, 0177.0.0.1, 127.1) are normalised to dotted
 * form by the WHATWG URL parser before the check, so they are caught as the address they are.
 */
export async function resolveOutboundTarget(raw: string, policy: OutboundPolicy): Promise<OutboundTarget> {
  if (raw.length > policy.maxLength) throw new UnsafeUrlError(`Invalid URL: longer than ${policy.maxLength} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('Invalid URL');
  }
  if (!policy.protocols.includes(url.protocol)) {
    throw new UnsafeUrlError(`Invalid URL: must use ${policy.protocols.map((p) => p.replace(':', '').toUpperCase()).join(' or ')}`);
  }
  if (url.username || url.password) throw new UnsafeUrlError('Invalid URL: credentials in the URL are not allowed');
  const hostname = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!hostname) throw new UnsafeUrlError('Invalid URL: host missing');

  const addresses = isIP(hostname) ? [hostname] : await resolveAll(hostname, policy.lookupTimeoutMs ?? 3000);
  if (!addresses.length) throw new UnsafeUrlError(`Invalid URL: host ${hostname} could not be resolved`);
  // the message never names the address a name resolved to: it would tell a caller what internal names point at
  if (!policy.allowPrivate && addresses.some(isForbiddenAddress)) {
    throw new UnsafeUrlError(`Invalid URL: ${hostname} ${isIP(hostname) ? 'is' : 'resolves to'} a private or internal address`);
  }
  return { url, address: addresses[0]!, hostname };
}

// ---- sending -----------------------------------------------------------------------------------

const extraCaCache = new Map<string, string>();
const readPem = (file: string) => {
  let pem = extraCaCache.get(file);
  if (pem === undefined) {
    pem = readFileSync(file, 'utf8');
    extraCaCache.set(file, pem);
  }
  return pem;
};

/**
 * Trust store of outbound TLS. Default (no extra file): the runtime's store, which is the
 * bundled roots plus NODE_EXTRA_CA_CERTS. With `extraCaFile` (config WEBHOOK_CA_FILE, read when
 * first used, so tests can point it at a CA they create): those roots, NODE_EXTRA_CA_CERTS and
 * the file's certificates.
 */
export function outboundCa(extraCaFile: string | undefined): string[] | undefined {
  if (!extraCaFile) return undefined;
  const envFile = process.env.NODE_EXTRA_CA_CERTS;
  return [...rootCertificates, ...(envFile ? [readPem(envFile)] : []), readPem(extraCaFile)];
}

export interface OutboundRequest {
  method: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  ca?: string[];
}

export interface OutboundResponse {
  /** null when no response arrived */
  statusCode: number | null;
  durationMs: number;
  /** why it failed (no response, or a non-2xx status); null for 2xx */
  error: string | null;
}

const networkErrorText = (error: NodeJS.ErrnoException) => {
  if (error.code === 'ECONNREFUSED') return 'Connection refused';
  if (error.code === 'ECONNRESET') return 'Connection reset';
  return error.message || String(error.code ?? 'Request failed');
};

/**
 * One request to a checked target, answered as soon as the status line arrives: the body is
 * never read (so a huge or endless body costs nothing). Never throws; never follows redirects.
 */
export function sendOutbound(target: OutboundTarget, request: OutboundRequest): Promise<OutboundResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { url } = target;
  const secure = url.protocol === 'https:';
  const client = secure ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<OutboundResponse, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = client.request(
      {
        host: target.address,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: { ...request.headers, host: url.host, ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}) },
        agent: false,
        ...(secure ? { servername: isIP(target.hostname) ? undefined : target.hostname, ca: request.ca, rejectUnauthorized: true } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.destroy();
        if (status >= 200 && status < 300) return finish({ statusCode: status, error: null });
        if (status >= 300 && status < 400) {
          const location = res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : '';
          return finish({ statusCode: status, error: `HTTP ${status}: redirect${location} not followed` });
        }
        finish({ statusCode: status, error: `HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}` });
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `Timed out: no response within ${Math.round(request.timeoutMs / 100) / 10} s` });
      req.destroy();
    }, request.timeoutMs);
    req.on('error', (error) => finish({ statusCode: null, error: networkErrorText(error) }));
    req.end(request.body);
  });
}
