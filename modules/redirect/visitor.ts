import Bowser from 'bowser';
import { isbot } from 'isbot';
import maxmind, { type Reader } from 'maxmind';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../core/config';
import { clientIp } from '../../core/hosts';
import type { TrustedProxies } from '../../core/trusted-proxies';
import { continentOf } from './continents';
import type { Device, Visitor } from '../../core/hooks';

interface UaFacts {
  device: Device;
  os: string;
  browser: string;
  isBot: boolean;
  isSocialBot: boolean;
}

/** Link-preview fetchers of social networks and messengers: they get the og_* page. */
const SOCIAL_BOT =
  /facebookexternalhit|facebookcatalog|facebot|meta-externalagent|twitterbot|linkedinbot|slackbot|slack-imgproxy|discordbot|telegrambot|whatsapp\/|pinterestbot|redditbot|embedly|skypeuripreview|vkshare|iframely|mastodon|bluesky|cardyb|tumblr|applebot|xing-contenttabreceiver|bitlybot|flipboard/i;

const DEVICE: Record<string, Device> = { mobile: 'mobile', tablet: 'tablet' };

/**
 * Parsing a User-Agent costs about as much as a whole redirect, and a site's visitors share few
 * distinct strings: the facts are memoised per string (bounded; cleared when full).
 */
const UA_MEMO_MAX = 20_000;
const uaMemo = new Map<string, UaFacts>();

export function uaFacts(ua: string): UaFacts {
  let facts = uaMemo.get(ua);
  if (facts) return facts;
  const parsed = ua ? Bowser.parse(ua) : undefined;
  facts = {
    device: DEVICE[parsed?.platform?.type ?? ''] ?? 'desktop',
    os: parsed?.os?.name ?? '',
    browser: parsed?.browser?.name ?? '',
    // an empty User-Agent counts as a person (privacy tools and in-app views strip it); isbot says no too
    isBot: ua !== '' && isbot(ua),
    isSocialBot: SOCIAL_BOT.test(ua),
  };
  if (uaMemo.size >= UA_MEMO_MAX) uaMemo.clear();
  uaMemo.set(ua, facts);
  return facts;
}

const DEFAULT_GEO_DB = fileURLToPath(import.meta.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb'));
const readers = new Map<string, Promise<Reader<any> | null>>();

/** One reader per database file and process (the file is ~8 MB in memory). */
function openGeoDb(path: string, onError: (err: unknown) => void): Promise<Reader<any> | null> {
  let reader = readers.get(path);
  if (!reader) {
    reader = maxmind.open(path).catch((err) => {
      onError(err);
      return null;
    });
    readers.set(path, reader);
  }
  return reader;
}

const COUNTRY = /^[A-Z]{2}$/;
const IP_MEMO_MAX = 20_000;

/** Country of a visitor: the trusted `GEO_HEADER`, else the MaxMind-format database (GEOIP_DB or the bundled one). */
export class GeoLocator {
  private reader: Reader<any> | null = null;
  private readonly memo = new Map<string, string>();
  readonly ready: Promise<unknown>;

  constructor(
    private readonly config: Pick<Config, 'geoHeader' | 'geoipDb'>,
    onError: (err: unknown) => void,
  ) {
    this.ready = config.geoHeader ? Promise.resolve() : openGeoDb(config.geoipDb ?? DEFAULT_GEO_DB, onError).then((r) => (this.reader = r));
  }

  /** `from.ip` is read only when the database is needed (an IP costs a syscall in Bun) */
  country(headers: Headers, from: { readonly ip: string }): string {
    if (this.config.geoHeader) {
      const value = headers.get(this.config.geoHeader)?.toUpperCase() ?? '';
      return COUNTRY.test(value) && value !== 'XX' ? value : '';
    }
    if (!this.reader) return '';
    const address = from.ip;
    if (!address) return '';
    let country = this.memo.get(address);
    if (country === undefined) {
      let record: any = null;
      try {
        record = this.reader.get(address);
      } catch {}
      const code = String(record?.country_code ?? record?.country?.iso_code ?? '').toUpperCase();
      country = COUNTRY.test(code) ? code : '';
      if (this.memo.size >= IP_MEMO_MAX) this.memo.clear();
      this.memo.set(address, country);
    }
    return country;
  }
}

export interface VisitorEnv {
  geo: GeoLocator;
  trustedProxies: TrustedProxies | undefined;
}

type IpSource = Parameters<typeof clientIp>[1];

function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

const LANGUAGE_MEMO_MAX = 5_000;
const languageMemo = new Map<string, string>();

/** First primary tag of Accept-Language: "en-US,en;q=0.9" → "en". Memoised per header (visitors share few). */
export function primaryLanguage(header: string | null): string {
  if (!header) return '';
  let primary = languageMemo.get(header);
  if (primary === undefined) {
    const first = header.split(',', 1)[0]!.split(';', 1)[0]!.trim();
    const tag = first.split('-', 1)[0]!.toLowerCase();
    primary = tag === '*' ? '' : tag;
    if (languageMemo.size >= LANGUAGE_MEMO_MAX) languageMemo.clear();
    languageMemo.set(header, primary);
  }
  return primary;
}

/**
 * The visitor hash of the last User-Agent seen from each address (bounded; cleared when full): a
 * visitor's clicks come in runs, and the hash (wyhash of a string made for it, two BigInt steps)
 * costs ~150-370 ns a counted visit where the lookup costs ~10-90 ns.
 */
const hashMemo = new Map<string, { userAgent: string; hash: number }>();

/** 48 bits of wyhash over `ip` and `userAgent` (the clicks worker re-hashes them under the day's salt). */
export function visitorHash(ip: string, userAgent: string): number {
  const memo = hashMemo.get(ip);
  if (memo?.userAgent === userAgent) return memo.hash;
  const hash = Number(BigInt.asUintN(48, BigInt(Bun.hash.wyhash(`${ip}\n${userAgent}`))));
  if (hashMemo.size >= IP_MEMO_MAX) hashMemo.clear();
  hashMemo.set(ip, { userAgent, hash });
  return hash;
}

/** The facts of one visit; the costly or rarely needed ones are computed on first access. */
export class RequestVisitor implements Visitor {
  readonly userAgent: string;
  readonly device: Device;
  readonly os: string;
  readonly browser: string;
  readonly isBot: boolean;
  readonly isSocialBot: boolean;
  private _ip?: string;
  private _country?: string;
  private _query?: URLSearchParams;
  private _cookies?: Record<string, string>;

  constructor(
    private readonly request: Request,
    private readonly server: IpSource,
    private readonly env: VisitorEnv,
  ) {
    this.userAgent = request.headers.get('user-agent') ?? '';
    const facts = uaFacts(this.userAgent);
    this.device = facts.device;
    this.os = facts.os;
    this.browser = facts.browser;
    this.isBot = facts.isBot;
    this.isSocialBot = facts.isSocialBot;
  }

  get ip(): string {
    return (this._ip ??= clientIp(this.request, this.server, this.env.trustedProxies));
  }
  /**
   * 48 bits of a hash of IP and User-Agent, for counting unique visitors; the clicks worker re-hashes
   * it under the day's salt before storing anything. null without an address.
   */
  get hash(): number | null {
    const ip = this.ip;
    return ip ? visitorHash(ip, this.userAgent) : null;
  }
  get country(): string {
    return (this._country ??= this.env.geo.country(this.request.headers, this));
  }
  get continent(): string {
    return continentOf(this.country);
  }
  get language(): string {
    return primaryLanguage(this.request.headers.get('accept-language'));
  }
  get referrer(): string {
    return this.request.headers.get('referer') ?? '';
  }
  get query(): URLSearchParams {
    if (!this._query) {
      const url = this.request.url;
      const q = url.indexOf('?');
      this._query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    }
    return this._query;
  }
  get cookies(): Record<string, string> {
    return (this._cookies ??= parseCookies(this.request.headers.get('cookie')));
  }
}
