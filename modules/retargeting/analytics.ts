import type { Config } from '../../core/config';
import { sha256Hex } from '../../core/secrets';
import { shortUrl } from '../../core/hosts';
import type { ClickRecord } from '../../core/hook-types';
import { outboundCa } from '../../core/outbound';

/** The workspace's analytics destinations (secrets included: loaded by the job, never cached on the redirect path). */
export interface AnalyticsAccounts {
  gaId: string | null;
  gaApiSecret: string | null;
  fbPixelId: string | null;
  fbAccessToken: string | null;
}

export const forwardsToGa = (a: AnalyticsAccounts) => Boolean(a.gaId && a.gaApiSecret);
export const forwardsToFb = (a: AnalyticsAccounts) => Boolean(a.fbPixelId && a.fbAccessToken);

const TIMEOUT_MS = 10_000;
const GA_PARALLEL = 4;
/** Meta accepts at most 1,000 events per request. */
const FB_BATCH = 1000;

/** A GA4 or Meta answer other than 2xx; `status` tells a retry worth trying (5xx, 408, 429) from a refusal. */
export class AnalyticsError extends Error {
  override readonly name = 'AnalyticsError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * POSTs JSON to GA4 or Meta; throws on a network error or a non-2xx answer (its first 200
 * characters in the message). WEBHOOK_CA_FILE's roots are trusted too (a local endpoint in tests).
 */
export async function postAnalytics(config: Pick<Config, 'webhookCaFile'>, url: string, body: unknown, what: string): Promise<void> {
  const ca = outboundCa(config.webhookCaFile);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    ...(ca ? { tls: { ca } } : {}),
  }).catch((error: unknown) => {
    // Bun's network errors carry the URL (`path`), and GA4's holds the api_secret: the job's logs get the kind of failure only
    const code = (error as { code?: unknown }).code;
    throw new Error(`${what} unreachable: ${typeof code === 'string' ? code : error instanceof Error ? error.name : 'network error'}`);
  });
  if (!res.ok) throw new AnalyticsError(`${what} answered ${res.status}: ${(await res.text()).slice(0, 200)}`, res.status);
}

const clip = (s: string | null) => (s ?? '').slice(0, 100);

/**
 * GA4 Measurement Protocol: one `link_click` event per click. The click id is the client id (a
 * redirect knows no GA client), one request per click because a request carries one client.
 */
export function gaPayload(config: Config, click: ClickRecord) {
  return {
    client_id: click.id,
    timestamp_micros: click.clicked_at * 1000,
    events: [
      {
        name: 'link_click',
        params: {
          link_id: click.link_id,
          link_url: clip(shortUrl(config, click.domain, click.slug)),
          country: clip(click.country),
          device: clip(click.device),
          browser: clip(click.browser),
          os: clip(click.os),
          engagement_time_msec: 1,
        },
      },
    ],
  };
}

export async function sendToGa(config: Config, accounts: AnalyticsAccounts, clicks: ClickRecord[]): Promise<void> {
  const url = `${config.gaEndpoint}?measurement_id=${encodeURIComponent(accounts.gaId!)}&api_secret=${encodeURIComponent(accounts.gaApiSecret!)}`;
  for (let i = 0; i < clicks.length; i += GA_PARALLEL) {
    await Promise.all(clicks.slice(i, i + GA_PARALLEL).map((click) => postAnalytics(config, url, gaPayload(config, click), 'GA4 Measurement Protocol')));
  }
}

/** Meta Conversions API: a `LinkClick` event per click; `event_id` is the click id, so Meta drops a re-sent one. */
export function fbEvent(config: Config, click: ClickRecord) {
  return {
    event_name: 'LinkClick',
    event_time: Math.floor(click.clicked_at / 1000),
    event_id: click.id,
    action_source: 'website',
    event_source_url: shortUrl(config, click.domain, click.slug),
    // customer information must be hashed; a redirect knows only the country
    user_data: { external_id: [sha256Hex(click.id)], ...(click.country ? { country: [sha256Hex(click.country.toLowerCase())] } : {}) },
    custom_data: { link_id: click.link_id, domain: click.domain, slug: click.slug },
  };
}

export async function sendToFb(config: Config, accounts: AnalyticsAccounts, clicks: ClickRecord[]): Promise<void> {
  const url = `${config.fbEndpoint}/${encodeURIComponent(accounts.fbPixelId!)}/events`;
  for (let i = 0; i < clicks.length; i += FB_BATCH) {
    // the token travels in the body, not the query string, so proxies and logs do not keep it
    await postAnalytics(
      config,
      url,
      { data: clicks.slice(i, i + FB_BATCH).map((c) => fbEvent(config, c)), access_token: accounts.fbAccessToken },
      'Meta Conversions API',
    );
  }
}
