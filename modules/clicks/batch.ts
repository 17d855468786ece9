import type { ClickRecord } from '../../core/hooks';

/**
 * A `clicks.record` job (modules/clicks/batch.ts builds and reads it): each distinct link and visitor
 * profile once, then per click its time and two indexes into them.
 */
export interface ClickBatch {
  /** UUIDv7; click ids derive from it */
  id: string;
  /** epoch ms of the first click; `at[i]` counts from it */
  t0: number;
  links: [link_id: string, workspace_id: string, domain: string, slug: string][];
  /** `visitor` and `variant` are absent from batches queued by earlier versions */
  profiles: [
    country: string | null,
    referer: string | null,
    browser: string | null,
    os: string | null,
    device: string | null,
    language: string | null,
    visitor?: number | null,
    /** the A/B variant that served the visit; absent from batches of earlier versions */
    variant?: string | null,
  ][];
  at: number[];
  link: number[];
  profile: number[];
}

/** A `clicks.bots` job: bot visits per link on a UTC day (YYYY-MM-DD), counted aside from clicks. */
export interface BotVisits {
  day: string;
  visits: [link_id: string, workspace_id: string, visits: number][];
}

/** The job shape of earlier versions (one record per click): still read, for jobs queued before an upgrade. */
export interface LegacyClickBatch {
  clicks: ClickRecord[];
}

/** A visit's click as the redirect hands it over; the batch gives it its id. */
export type Click = Omit<ClickRecord, 'id'>;

/**
 * At most this many clicks per batch (a click id's last 4 hex digits are its index in the batch, so
 * 65,536 at most). Under load the 100 ms flush fills a batch first (7,500 clicks at 75k visits/s):
 * fewer, larger jobs cost the redirect server and Redis less than 2,000-click ones (bench: +2.6%).
 */
export const BATCH_MAX = 10_000;

/**
 * At most this many per batch on the embedded default. PGlite runs its SQL on its own thread
 * (core/pglite-worker.ts), but it is one connection: a storing transaction holds it, so every API
 * query waits behind it (10,000 clicks at the ~40 µs a click measured before the move would be
 * ~400 ms), and the rollup and JSON are still built on the server thread. Small batches keep that
 * wait short; the worker stores up to eight together (jobs.ts: ~30 ms a group).
 */
export const EMBEDDED_BATCH_MAX = 500;

/**
 * The id of click `index` of a batch: the batch's UUIDv7 with its last 4 hex digits replaced by the
 * index. A re-delivered batch yields the same ids, so it inserts nothing twice.
 */
export const clickId = (batchId: string, index: number) => batchId.slice(0, 32) + index.toString(16).padStart(4, '0');

const CLICK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The time (epoch ms) in a click id: its batch's UUIDv7 time; undefined when `id` is no click id. */
export function clickIdTime(id: string): number | undefined {
  if (!CLICK_ID.test(id)) return undefined;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

// header values never hold NUL or U+0001: they separate the parts of a profile key and mark nulls
const part = (value: string | null) => (value === null ? '\u0001' : value);

const sameProfile = ([country, referer, browser, os, device, language, visitor, variant]: ClickBatch['profiles'][number], click: Click) =>
  visitor === click.visitor &&
  (variant ?? null) === (click.variant ?? null) &&
  country === click.country &&
  referer === click.referer &&
  browser === click.browser &&
  os === click.os &&
  device === click.device &&
  language === click.language;

/**
 * Collects clicks into the compact `clicks.record` payload. Every click of one hot link repeats the
 * same link and visitor profile; written once each, a click is three small numbers, and the job is
 * ~9 bytes per click instead of ~300 (measured: JSON, Redis and socket costs of the batch fall with it).
 */
export class ClickBatchBuilder {
  /** `id`: a legacy job's, so that its re-delivery is recognised */
  constructor(private given?: string) {}

  /**
   * Made when first asked for, at the batch's first click at the latest (a builder may wait long for
   * it): a click id's UUIDv7 time is then within a flush interval of the click's own time, which is
   * how a click is found by its id (clickAtMost / findClick: the clicks table has no index on `id`).
   */
  get id(): string {
    return (this.given ??= Bun.randomUUIDv7());
  }

  private t0 = 0;
  private readonly links: ClickBatch['links'] = [];
  private readonly linkIndex = new Map<string, number>();
  private readonly profiles: ClickBatch['profiles'] = [];
  private readonly profileIndex = new Map<string, number>();
  private readonly at: number[] = [];
  private readonly link: number[] = [];
  private readonly profile: number[] = [];
  /** how much of the batch takeNew() has handed out already */
  private taken = { clicks: 0, links: 0, profiles: 0 };

  get size(): number {
    return this.at.length;
  }

  /** Adds a click; answers its index in the batch (its id: `clickId(id, index)`). */
  add(click: Click): number {
    if (!this.at.length) {
      this.t0 = click.clicked_at;
      this.given ??= Bun.randomUUIDv7();
    }
    this.at.push(click.clicked_at - this.t0);
    this.link.push(this.linkOf(click));
    // a visit often repeats the previous one's profile (the same visitor, a burst): no key to build then
    const last = this.profiles[this.profile.at(-1) ?? -1];
    this.profile.push(last && sameProfile(last, click) ? this.profile.at(-1)! : this.profileOf(click));
    return this.at.length - 1;
  }

  private linkOf(click: Click): number {
    let link = this.linkIndex.get(click.link_id);
    if (link === undefined) {
      link = this.links.push([click.link_id, click.workspace_id, click.domain, click.slug]) - 1;
      this.linkIndex.set(click.link_id, link);
    }
    return link;
  }

  private profileOf(click: Click): number {
    const key = `${click.visitor}\0${part(click.country)}\0${part(click.referer)}\0${part(click.browser)}\0${part(click.os)}\0${part(click.device)}\0${part(click.language)}\0${part(click.variant ?? null)}`;
    let profile = this.profileIndex.get(key);
    if (profile === undefined) {
      profile =
        this.profiles.push([click.country, click.referer, click.browser, click.os, click.device, click.language, click.visitor, click.variant ?? null]) - 1;
      this.profileIndex.set(key, profile);
    }
    return profile;
  }

  /** The clicks added since the last call, with the links and profiles first seen among them; none: undefined. */
  takeNew(): ClickBatchPart | undefined {
    const { clicks, links, profiles } = this.taken;
    if (clicks === this.at.length) return undefined;
    this.taken = { clicks: this.at.length, links: this.links.length, profiles: this.profiles.length };
    return [this.t0, this.links.slice(links), this.profiles.slice(profiles), this.at.slice(clicks), this.link.slice(clicks), this.profile.slice(clicks)];
  }

  build(): ClickBatch {
    return { id: this.id, t0: this.t0, links: this.links, profiles: this.profiles, at: this.at, link: this.link, profile: this.profile };
  }
}

/**
 * A batch in parts, each part the clicks added after the previous one (the click spool's records).
 * A part's link and profile indexes count from the batch's start, so the parts appended in order
 * are the batch, and its click ids are the same.
 */
export type ClickBatchPart = [t0: number, links: ClickBatch['links'], profiles: ClickBatch['profiles'], at: number[], link: number[], profile: number[]];

/** The batch `id` made of its parts in order. */
export function joinParts(id: string, parts: ClickBatchPart[]): ClickBatch {
  const batch: ClickBatch = { id, t0: parts[0]?.[0] ?? 0, links: [], profiles: [], at: [], link: [], profile: [] };
  for (const [, links, profiles, at, link, profile] of parts) {
    batch.links.push(...links);
    batch.profiles.push(...profiles);
    batch.at.push(...at);
    batch.link.push(...link);
    batch.profile.push(...profile);
  }
  return batch;
}

/**
 * Several batches as one, for rolling them up together (each click keeps its own batch's id: see
 * `clickId`); the links are merged, the profiles only appended.
 */
export function mergeBatches(batches: ClickBatch[]): ClickBatch {
  if (batches.length === 1) return batches[0]!;
  const t0 = Math.min(...batches.map((b) => b.t0));
  const merged: ClickBatch = { id: batches[0]!.id, t0, links: [], profiles: [], at: [], link: [], profile: [] };
  const linkIndex = new Map<string, number>();
  for (const batch of batches) {
    const links = batch.links.map((link) => {
      let index = linkIndex.get(link[0]);
      if (index === undefined) linkIndex.set(link[0], (index = merged.links.push(link) - 1));
      return index;
    });
    const firstProfile = merged.profiles.length;
    for (const profile of batch.profiles) merged.profiles.push(profile);
    const shift = batch.t0 - t0;
    for (let i = 0; i < batch.at.length; i++) {
      merged.at.push(batch.at[i]! + shift);
      merged.link.push(links[batch.link[i]!]!);
      merged.profile.push(firstProfile + batch.profile[i]!);
    }
  }
  return merged;
}

/** A `clicks.record` job in the compact shape; a legacy job (one record per click) is keyed by its first click's id. */
export function compactBatch(job: ClickBatch | LegacyClickBatch): ClickBatch {
  if (!('clicks' in job)) return job;
  const builder = new ClickBatchBuilder(job.clicks[0]?.id ?? Bun.randomUUIDv7());
  for (const { id, ...click } of job.clicks) builder.add({ ...click, visitor: click.visitor ?? null });
  return builder.build();
}

/** The click records of a compact batch. */
export function clicksOf(job: ClickBatch): ClickRecord[] {
  return job.at.map((at, i) => {
    const [link_id, workspace_id, domain, slug] = job.links[job.link[i]!]!;
    const [country, referer, browser, os, device, language, visitor = null, variant = null] = job.profiles[job.profile[i]!]!;
    return {
      id: clickId(job.id, i),
      link_id,
      workspace_id,
      domain,
      slug,
      clicked_at: job.t0 + at,
      country,
      referer,
      browser,
      os,
      device,
      language,
      visitor,
      variant,
    };
  });
}
