import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { clickOf as clickOfLink } from '../helpers/clicks';
import { startTestApp, type TestApp } from '../helpers/app';
import { BROWSER_UA, createLink, IPHONE_UA, type Ws } from '../links/fixtures';
import { clicks } from '../../modules/clicks/schema';
import { BATCH_MAX, ClickBatchBuilder, clicksOf, compactBatch, EMBEDDED_BATCH_MAX, type Click } from '../../modules/clicks/batch';
import type { ClickBatch } from '../../modules/clicks/batch';
import { ClickRecorder, flushClicks } from '../../modules/clicks/recorder';
import { storeClicks, type ClickRecord } from '../../modules/clicks/service';
import { clicksPerDay, topValues } from '../../modules/clicks/stats';
import { StoreGroups } from '../../modules/clicks/store-groups';
import { loadConfig } from '../../core/config';
import { createLogger } from '../../core/logger';
import { createMemoryQueue } from '../../core/queue';
import { links } from '../../modules/links/schema';
import { continentOf } from '../../modules/redirect/continents';
import { GeoLocator, primaryLanguage, uaFacts, visitorHash } from '../../modules/redirect/visitor';

let t: TestApp;
let ws: Ws;
beforeAll(async () => {
  t = await startTestApp({ env: { GEO_HEADER: 'CF-IPCountry' } });
  ws = await t.bootstrap({ plan: 'pro' });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
});
afterAll(() => t.close());

const rowsOf = (linkId: string) => t.deps.db.select().from(clicks).where(eq(clicks.linkId, linkId));
const countOf = async (linkId: string) => (await t.deps.db.select({ n: links.clickCount }).from(links).where(eq(links.id, linkId)))[0]!.n;

describe('recording', () => {
  test('one row per visit with the visitor facts; click_count follows', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/c' });
    const res = await t.request(`/${link.slug}`, {
      headers: { 'user-agent': IPHONE_UA, 'cf-ipcountry': 'de', referer: 'https://news.example.org/post', 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' },
    });
    expect(res.status).toBe(302);
    await t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA } });
    await flushClicks(t.deps);
    const rows = await rowsOf(link.id);
    expect(rows).toHaveLength(2);
    const phone = rows.find((r) => r.device === 'mobile')!;
    expect(phone).toMatchObject({
      linkId: link.id,
      workspaceId: ws.workspaceId,
      country: 'DE',
      referer: 'https://news.example.org/post',
      browser: 'Safari',
      os: 'iOS',
      device: 'mobile',
      language: 'fr',
    });
    expect(Date.now() - phone.clickedAt.getTime()).toBeLessThan(60_000);
    const desktop = rows.find((r) => r.device === 'desktop')!;
    expect(desktop).toMatchObject({ browser: 'Chrome', os: 'Windows', country: null, referer: null });
    expect(await countOf(link.id)).toBe(2);
  });

  test('no click for bots, HEAD requests or 404s', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/bots' });
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'facebookexternalhit/1.1']) {
      expect((await t.request(`/${link.slug}`, { headers: { 'user-agent': ua } })).status).toBe(302);
    }
    await t.request(`/${link.slug}`, { method: 'HEAD', headers: { 'user-agent': BROWSER_UA } });
    await t.request('/no-such-link', { headers: { 'user-agent': BROWSER_UA } });
    await flushClicks(t.deps);
    expect(await rowsOf(link.id)).toHaveLength(0);
    expect(await countOf(link.id)).toBe(0);
  });

  test('many concurrent visits: every one recorded once', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/many' });
    await Promise.all(Array.from({ length: 300 }, () => t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA } })));
    await flushClicks(t.deps);
    expect(await rowsOf(link.id)).toHaveLength(300);
    expect(await countOf(link.id)).toBe(300);
  });
});

describe('the clicks.record processor', () => {
  const batchFor = (...parts: [{ id: string; domain: string; slug: string }, number][]): ClickBatch => {
    const builder = new ClickBatchBuilder();
    for (const [link, n] of parts) {
      for (let i = 0; i < n; i++) {
        builder.add({
          link_id: link.id,
          workspace_id: ws.workspaceId,
          domain: link.domain,
          slug: link.slug,
          clicked_at: Date.now(),
          country: 'FR',
          referer: null,
          browser: 'Firefox',
          os: 'Linux',
          device: 'desktop',
          language: 'fr',
          visitor: i,
        });
      }
    }
    return builder.build();
  };

  test('re-delivery of a batch inserts and counts nothing twice', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/idem' });
    const batch = batchFor([link, 5]);
    expect((await storeClicks(t.deps.db, batch)).clicks()).toHaveLength(5);
    expect((await storeClicks(t.deps.db, JSON.parse(JSON.stringify(batch)))).clicks()).toHaveLength(0);
    expect((await storeClicks(t.deps.db, batchFor([link, 3]))).clicks()).toHaveLength(3);
    expect(await rowsOf(link.id)).toHaveLength(8);
    expect(await countOf(link.id)).toBe(8);
  });

  test('batches stored together: one transaction, each counted once; a bad batch fails alone and the others are stored', async () => {
    const a = await createLink(t, ws, { target: 'https://example.com/group-a' });
    const b = await createLink(t, ws, { target: 'https://example.com/group-b' });
    const first = batchFor([a, 2]);
    const together = await storeClicks(t.deps.db, first, batchFor([a, 3], [b, 4]), JSON.parse(JSON.stringify(first)));
    expect(together.counts).toEqual(
      new Map([
        [a.id, 5],
        [b.id, 4],
      ]),
    );
    expect(together.clicks()).toHaveLength(9);
    const bad = batchFor([a, 1]);
    bad.links[0]![0] = 'not-a-uuid';
    const groups: number[] = [];
    const store = new StoreGroups(
      async (batches) => {
        groups.push(batches.length);
        await storeClicks(t.deps.db, ...batches);
      },
      100_000,
      1,
    );
    // the first starts alone; the three that wait meanwhile go together, fail (the bad one), then go one by one
    const results = await Promise.allSettled([store.add(batchFor([b, 1])), store.add(batchFor([b, 2])), store.add(bad), store.add(first)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(groups).toEqual([1, 3, 1, 1, 1]);
    expect(await rowsOf(a.id)).toHaveLength(5);
    expect(await countOf(a.id)).toBe(5);
    expect(await rowsOf(b.id)).toHaveLength(7);
    expect(await countOf(b.id)).toBe(7);
  });

  test('concurrent transactions on the same links and visitors neither deadlock nor miscount', async () => {
    const shared = await Promise.all([0, 1, 2].map((i) => createLink(t, ws, { target: `https://example.com/concurrent-${i}` })));
    // batch i: visitors 0..19+i on each link (27 distinct in all), the links in a different order in each
    const batches = Array.from({ length: 8 }, (_, i) => batchFor(...shared.map((link, k) => [shared[(k + i) % 3]!, 20 + i] as [typeof link, number])));
    await Promise.all(batches.map((batch) => storeClicks(t.deps.db, batch)));
    for (const link of shared) {
      expect(await countOf(link.id)).toBe(8 * 20 + 28);
      const days = await clicksPerDay(t.deps.db, { workspaceId: ws.workspaceId, linkId: link.id });
      expect([...days.values()].reduce((sum, d) => sum + (d.visitors ?? 0), 0)).toBe(27);
    }
  });

  test('every visitor fact is stored byte for byte: quotes, backslashes, commas, braces, "NULL" and non-ASCII travel as array literals', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/escaping' });
    const odd = ['https://x.test/a,"b"\\c{d}e', 'NULL', 'null', '', ' {x} ', 'Ünïcødé ✓', '\\', '"'];
    const builder = new ClickBatchBuilder();
    odd.forEach(
      (referer, i) =>
        void builder.add({
          link_id: link.id,
          workspace_id: ws.workspaceId,
          domain: link.domain,
          slug: link.slug,
          clicked_at: 1_760_000_000_000 + i,
          country: i % 2 ? null : 'DE',
          referer,
          browser: odd[(i + 1) % odd.length]!,
          os: null,
          device: 'mobile',
          language: odd[(i + 3) % odd.length]!,
          visitor: null,
        }),
    );
    await storeClicks(t.deps.db, builder.build());
    const stored = (await rowsOf(link.id)).sort((a, b) => a.clickedAt.getTime() - b.clickedAt.getTime());
    expect(stored.map((r) => [r.country, r.referer, r.browser, r.os, r.language])).toEqual(
      odd.map((referer, i) => [i % 2 ? null : 'DE', referer, odd[(i + 1) % odd.length]!, null, odd[(i + 3) % odd.length]!]),
    );
    // and so are the rollups' counts by value (jsonb sent inside array literals)
    const browsers = await topValues(t.deps.db, { workspaceId: ws.workspaceId, linkId: link.id }, 'browser', 20);
    expect(new Map(browsers.map((b) => [b.value, b.clicks]))).toEqual(new Map(odd.map((v) => [v === '' ? null : v, 1])));
    // and the filter rollups' combinations (each value sent once per batch, in a text array literal)
    const filtered = await topValues(t.deps.db, { workspaceId: ws.workspaceId, linkId: link.id, facets: { device: ['mobile'] } }, 'browser', 20);
    expect(new Map(filtered.map((b) => [b.value, b.clicks]))).toEqual(new Map(odd.map((v) => [v === '' ? null : v, 1])));
  });

  test('concurrent batches of one workspace on different links share its filter rollup rows: every count exact', async () => {
    const own = await t.bootstrap({ plan: 'pro' });
    const countries = ['DE', 'FR', 'US', 'JP', 'BR', 'IN'];
    const batches = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const link = await createLink(t, own, { target: `https://example.com/ws-facets-${i}` });
        const builder = new ClickBatchBuilder();
        // every batch has every country, each starting at another one: their workspace rows in other orders
        for (let k = 0; k < 30; k++) {
          builder.add({
            link_id: link.id,
            workspace_id: own.workspaceId,
            domain: link.domain,
            slug: link.slug,
            clicked_at: Date.now(),
            country: countries[(k + i) % countries.length]!,
            referer: k % 2 ? 'https://news.example.org/' : null,
            browser: 'Firefox',
            os: 'Linux',
            device: k % 3 ? 'desktop' : 'mobile',
            language: 'en',
            visitor: k,
          });
        }
        return builder.build();
      }),
    );
    await Promise.all(batches.map((batch) => storeClicks(t.deps.db, batch)));
    const byCountry = await topValues(t.deps.db, { workspaceId: own.workspaceId, facets: { browser: ['Firefox'] } }, 'country', 10);
    expect(new Map(byCountry.map((c) => [c.value, c.clicks]))).toEqual(new Map(countries.map((c) => [c, 8 * 5])));
    const mobileDe = await topValues(t.deps.db, { workspaceId: own.workspaceId, facets: { country: ['DE'], device: ['mobile'] } }, 'referrer', 10);
    expect(mobileDe.reduce((sum, r) => sum + r.clicks, 0)).toBe(
      Array.from({ length: 8 }, (_, i) => Array.from({ length: 30 }, (_, k) => k).filter((k) => countries[(k + i) % 6] === 'DE' && k % 3 === 0).length).reduce(
        (a, b) => a + b,
        0,
      ),
    );
  });

  test('clicks of a link deleted meanwhile are dropped, the rest stored', async () => {
    const kept = await createLink(t, ws, { target: 'https://example.com/kept' });
    const gone = await createLink(t, ws, { target: 'https://example.com/gone' });
    await t.api('DELETE', `/workspaces/${ws.workspaceId}/links/${gone.id}`, { key: ws.key });
    const stored = await storeClicks(t.deps.db, batchFor([kept, 2], [gone, 2]));
    expect(stored.clicks().map((c) => c.link_id)).toEqual([kept.id, kept.id]);
    expect(stored.workspaceIds).toEqual([ws.workspaceId]);
    expect(stored.counts).toEqual(new Map([[kept.id, 2]]));
    expect(await countOf(kept.id)).toBe(2);
    expect(await rowsOf(gone.id)).toHaveLength(0);
  });

  test('clicks.recorded hook gets only newly stored clicks; a legacy job (one record per click) is read too', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/hook' });
    const seen: string[] = [];
    const workspaces: string[][] = [];
    const off = t.deps.bus.on('clicks.recorded', ({ clicks, workspaceIds }) => {
      seen.push(...clicks.map((c) => c.link_id));
      workspaces.push(workspaceIds);
    });
    const batch = batchFor([link, 2]);
    const legacy: ClickRecord[] = clicksOf(batchFor([link, 3])).map((c, i) => ({ ...c, id: i ? Bun.randomUUIDv7() : c.id }));
    for (const job of [batch, batch, { clicks: legacy }, { clicks: legacy }]) await t.deps.queue.enqueue('clicks.record', job);
    await t.deps.queue.idle();
    off();
    expect(seen).toHaveLength(5);
    // once per group that stored something (the four jobs usually come within the embedded linger: one
    // group; at most the batch's and the legacy job's, as a group of repeats stores nothing), naming the workspace
    expect(workspaces.length).toBeGreaterThan(0);
    expect(workspaces.length).toBeLessThanOrEqual(2);
    for (const named of workspaces) expect(named).toEqual([ws.workspaceId]);
    expect(await rowsOf(link.id)).toHaveLength(5);
    expect(await countOf(link.id)).toBe(5);
  });
});

describe('the compact clicks.record batch', () => {
  const clickOf = (link: { id: string; domain: string; slug: string }, facts: Partial<Click>) => clickOfLink({ ...link, workspace_id: ws.workspaceId }, facts);

  test('every field survives the encoding; links and visitor profiles are written once', async () => {
    const a = await createLink(t, ws, { target: 'https://example.com/batch-a' });
    const b = await createLink(t, ws, { target: 'https://example.com/batch-b' });
    const sent = [
      clickOf(a, { country: 'DE', browser: 'Firefox', os: 'Linux', device: 'desktop', language: 'de', clicked_at: 1_760_000_000_123 }),
      clickOf(a, { country: 'DE', browser: 'Firefox', os: 'Linux', device: 'desktop', language: 'de', clicked_at: 1_760_000_000_200 }),
      // the string "null" is a referer, not a missing one
      clickOf(b, { referer: 'null', variant: 'Green', clicked_at: 1_760_000_000_150 }),
      clickOf(b, { referer: null, device: 'mobile', clicked_at: 1_760_000_000_151 }),
    ];
    const builder = new ClickBatchBuilder();
    for (const click of sent) builder.add(click);
    const batch = builder.build();
    expect(batch.links).toHaveLength(2);
    expect(batch.profiles).toHaveLength(3);
    const received = clicksOf(JSON.parse(JSON.stringify(batch)));
    expect(received.map(({ id, ...click }) => click)).toEqual(sent);
    expect(new Set(received.map((c) => c.id)).size).toBe(4);
    // ids derive from the batch: decoding again gives the same ones
    expect(clicksOf(batch).map((c) => c.id)).toEqual(received.map((c) => c.id));
  });

  test('a full batch (BATCH_MAX clicks) gets distinct ids: the index fits the id', () => {
    const builder = new ClickBatchBuilder();
    const click = clickOf({ id: 'l', domain: 'd', slug: 's' }, { workspace_id: 'w', clicked_at: 1_760_000_000_000, device: 'desktop' });
    for (let i = 0; i < BATCH_MAX; i++) builder.add(click);
    const ids = clicksOf(builder.build()).map((c) => c.id);
    expect(ids).toHaveLength(BATCH_MAX);
    expect(new Set(ids).size).toBe(BATCH_MAX);
    expect(ids.every((id) => id.length === 36)).toBe(true);
  });

  test("the in-process queue gets batches of at most EMBEDDED_BATCH_MAX: a batch holds PGlite's one connection while it is stored", async () => {
    const queue = createMemoryQueue(createLogger('silent'));
    const sizes: number[] = [];
    queue.register('clicks.record', async (job) => void sizes.push(clicksOf(compactBatch(job)).length));
    const recorder = new ClickRecorder({ queue, log: createLogger('silent'), config: loadConfig({}) });
    expect(recorder.batchMax).toBe(EMBEDDED_BATCH_MAX);
    expect(EMBEDDED_BATCH_MAX).toBeLessThan(BATCH_MAX);
    const click = clickOf({ id: 'l', domain: 'd', slug: 's' }, { workspace_id: 'w', clicked_at: Date.now(), device: 'desktop' });
    for (let i = 0; i < 2 * EMBEDDED_BATCH_MAX + 7; i++) recorder.record(click);
    await recorder.flush();
    await queue.idle();
    expect(sizes).toEqual([EMBEDDED_BATCH_MAX, EMBEDDED_BATCH_MAX, 7]);
    await queue.close();
  });

  test('a re-delivered batch inserts and counts nothing twice', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/batch-twice' });
    const builder = new ClickBatchBuilder();
    for (let i = 0; i < 3; i++) builder.add(clickOf(link, { country: 'FR' }));
    const batch = builder.build();
    await t.deps.queue.enqueue('clicks.record', batch);
    await t.deps.queue.enqueue('clicks.record', batch);
    await t.deps.queue.idle();
    expect(await rowsOf(link.id)).toHaveLength(3);
    expect(await countOf(link.id)).toBe(3);
  });
});

describe('visitor facts', () => {
  test('User-Agent facts are parsed once per string', () => {
    const first = uaFacts(IPHONE_UA);
    expect(first).toEqual({ device: 'mobile', os: 'iOS', browser: 'Safari', isBot: false, isSocialBot: false });
    expect(uaFacts(IPHONE_UA)).toBe(first);
    expect(
      uaFacts('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1').device,
    ).toBe('tablet');
    expect(uaFacts('').isBot).toBe(false);
    expect(uaFacts('LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)')).toMatchObject({ isBot: true, isSocialBot: true });
  });

  test('the visitor hash: 48 bits of wyhash over address and User-Agent, the same when it comes from its memo', () => {
    // pinned: processes of two versions (a rolling upgrade) must hash one visitor alike
    const expected = (ip: string, ua: string) => Number(BigInt.asUintN(48, BigInt(Bun.hash.wyhash(`${ip}\n${ua}`))));
    for (const [ip, ua] of [
      ['203.0.113.7', IPHONE_UA],
      ['203.0.113.7', IPHONE_UA],
      ['203.0.113.7', 'curl/8.5.0'],
      ['203.0.113.7', IPHONE_UA],
      ['2001:db8::1', IPHONE_UA],
    ] as const)
      expect(visitorHash(ip, ua)).toBe(expected(ip, ua));
    expect(visitorHash('203.0.113.7', IPHONE_UA)).not.toBe(visitorHash('203.0.113.7', 'curl/8.5.0'));
  });

  test('language, continent', () => {
    expect(primaryLanguage('de-AT,de;q=0.9')).toBe('de');
    expect(primaryLanguage('*')).toBe('');
    expect(primaryLanguage(null)).toBe('');
    expect(continentOf('DE')).toBe('EU');
    expect(continentOf('BR')).toBe('SA');
    expect(continentOf('JP')).toBe('AS');
    expect(continentOf('')).toBe('');
  });

  test('GEOIP_DB: the database at that path is read; one that cannot be read leaves countries unknown and says why', async () => {
    const copy = `${require('node:os').tmpdir()}/lh-geo-${process.pid}.mmdb`;
    await Bun.write(copy, Bun.file(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')));
    const config = loadConfig({ GEOIP_DB: copy });
    expect(config.geoipDb).toBe(copy);
    const fromCopy = new GeoLocator(config, (err) => {
      throw err;
    });
    await fromCopy.ready;
    expect(fromCopy.country(new Headers(), { ip: '8.8.8.8' })).toBe('US');
    const errors: unknown[] = [];
    const missing = new GeoLocator(loadConfig({ GEOIP_DB: `${copy}.missing` }), (err) => void errors.push(err));
    await missing.ready;
    expect(missing.country(new Headers(), { ip: '8.8.8.8' })).toBe('');
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('missing');
  });

  test('country from the bundled MaxMind-format database when no GEO_HEADER is set', async () => {
    const geo = new GeoLocator({}, (err) => {
      throw err;
    });
    await geo.ready;
    expect(geo.country(new Headers(), { ip: '8.8.8.8' })).toBe('US');
    expect(geo.country(new Headers(), { ip: '127.0.0.1' })).toBe('');
    const header = new GeoLocator({ geoHeader: 'cf-ipcountry' }, () => {});
    expect(header.country(new Headers({ 'cf-ipcountry': 'gb' }), { ip: '8.8.8.8' })).toBe('GB');
    expect(header.country(new Headers({ 'cf-ipcountry': 'XX' }), { ip: '' })).toBe('');
  });
});
