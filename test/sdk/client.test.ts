import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { RATE_LIMITS } from '../../core/plans';
import { SLUG_ATTEMPTS, slugSource } from '../../modules/links/slugs';
import { createLinkhop, LinkhopError } from '../../packages/sdk/src';
import { seedClicks } from '../helpers/clicks';
import { type SdkServer, startSdkServer } from './server';

/**
 * The SDK against a live server (the embedded default, or PostgreSQL + Redis with TEST_DATABASE_URL / TEST_REDIS_URL):
 * every call goes over HTTP to a listening instance, by its address, as a user's program makes it.
 */
let server: SdkServer;
beforeAll(async () => {
  server = await startSdkServer();
});
afterAll(() => server.t.close());

/** A client of a new Pro workspace, and the URLs of the requests it sends. */
async function clientOfNewWorkspace(options: Partial<Parameters<typeof createLinkhop>[0]> = {}) {
  const owner = await server.bootstrap('pro');
  const sent: string[] = [];
  const linkhop = createLinkhop({
    baseUrl: server.baseUrl,
    apiKey: owner.key,
    middleware: [{ onRequest: ({ request }) => void sent.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`) }],
    ...options,
  });
  return { ...owner, linkhop, sent };
}

/** The failure `promise` ends in (a call that succeeds fails the test). */
async function failureOf(promise: Promise<unknown>): Promise<LinkhopError> {
  const outcome = await promise.then(
    (value) => new Error(`expected a failure, got ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
  if (!(outcome instanceof LinkhopError)) throw outcome;
  return outcome;
}

describe('typed calls', () => {
  test('create a link, read it back, list the workspace, stats: the answers are the API’s', async () => {
    const { workspaceId: wsId, linkhop } = await clientOfNewWorkspace();
    const created = await linkhop.post('/api/workspaces/{wsId}/links', {
      params: { path: { wsId } },
      body: { target: 'https://example.com/launch', title: 'Launch', tags: ['sdk'] },
    });
    expect(created.short_url).toBe(`http://go.linkhop.test/${created.slug}`);
    expect(created).toMatchObject({ target: 'https://example.com/launch', title: 'Launch', tags: ['sdk'] });

    const read = await linkhop.get('/api/workspaces/{wsId}/links/{linkId}', { params: { path: { wsId, linkId: created.id } } });
    expect(read).toMatchObject({ id: created.id, slug: created.slug, click_count: 0 });

    await seedClicks(server.t, { id: created.id, workspace_id: wsId, domain: created.domain, slug: created.slug }, [{ country: 'DE' }, { country: 'FR' }]);
    const summary = await linkhop.get('/api/workspaces/{wsId}/stats/summary', { params: { path: { wsId } } });
    expect(summary).toMatchObject({ total_links: 1, total_clicks: 2, total_countries: 2, today_clicks: 2 });
    const linkStats = await linkhop.get('/api/workspaces/{wsId}/links/{linkId}/stats', { params: { path: { wsId, linkId: created.id } } });
    expect(linkStats.total_clicks).toBe(2);

    const patched = await linkhop.patch('/api/workspaces/{wsId}/links/{linkId}', { params: { path: { wsId, linkId: created.id } }, body: { title: null } });
    expect(patched).toEqual({ ok: true });
    const svg = await linkhop.get('/api/workspaces/{wsId}/links/{linkId}/qr', { params: { path: { wsId, linkId: created.id } }, parseAs: 'blob' });
    expect(svg.type).toBe('image/svg+xml');
    expect(await svg.text()).toStartWith('<svg');
  });

  test('paginate walks every page of the link list, one request a page, each link once', async () => {
    const { workspaceId: wsId, linkhop, sent } = await clientOfNewWorkspace();
    const made = await linkhop.post('/api/workspaces/{wsId}/links/bulk', {
      params: { path: { wsId } },
      body: { links: Array.from({ length: 23 }, (_, i) => ({ target: `https://example.com/page/${i}` })) },
    });
    expect(made.count).toBe(23);
    sent.length = 0;

    const walked: string[] = [];
    for await (const link of linkhop.paginate('/api/workspaces/{wsId}/links', {
      params: { path: { wsId }, query: { limit: 10, sort: 'slug', order: 'asc' } },
    })) {
      walked.push(link.id);
    }
    expect(walked.length).toBe(23);
    expect(new Set(walked)).toEqual(new Set(made.created.map((link) => link.id)));
    expect(sent).toEqual([1, 2, 3].map((page) => `GET /api/workspaces/${wsId}/links?limit=10&sort=slug&order=asc&page=${page}`));

    // a loop that stops early asks for no further page; `page` is where the walk starts
    sent.length = 0;
    const firstTwo: string[] = [];
    for await (const link of linkhop.paginate('/api/workspaces/{wsId}/links', { params: { path: { wsId }, query: { limit: 10, page: 2 } } })) {
      firstTwo.push(link.slug);
      if (firstTwo.length === 2) break;
    }
    expect(sent).toEqual([`GET /api/workspaces/${wsId}/links?limit=10&page=2`]);

    // an empty list: one request, no item
    const empty = await clientOfNewWorkspace();
    const none = [];
    for await (const link of empty.linkhop.paginate('/api/workspaces/{wsId}/links', { params: { path: { wsId: empty.workspaceId } } })) none.push(link);
    expect(none).toEqual([]);
    expect(empty.sent.filter((line) => line.startsWith('GET'))).toEqual([`GET /api/workspaces/${empty.workspaceId}/links?page=1&limit=100`]);
  });

  test('paginate over the audit log (another paged list): every entry, as the one-page answer gives them', async () => {
    const { workspaceId: wsId, linkhop } = await clientOfNewWorkspace();
    for (let i = 0; i < 3; i++)
      await linkhop.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: `https://example.com/a${i}` } });
    const walked = [];
    for await (const entry of linkhop.paginate('/api/workspaces/{wsId}/audit-log', { params: { path: { wsId }, query: { limit: 2 } } })) walked.push(entry);
    const whole = await linkhop.get('/api/workspaces/{wsId}/audit-log', { params: { path: { wsId }, query: { limit: 100 } } });
    expect(whole.total).toBeGreaterThanOrEqual(3);
    expect(walked).toEqual(whole.entries);
  });
});

describe('errors', () => {
  test('a 400 names the field at fault and its code; isAbout matches the field and its parts', async () => {
    const { workspaceId: wsId, linkhop } = await clientOfNewWorkspace();
    const bad = await failureOf(linkhop.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 'not a url' } }));
    expect(bad).toMatchObject({ name: 'LinkhopError', status: 400, code: 'invalid', field: 'target' });
    expect(bad.message).toMatch(/target/i);
    expect(bad.isAbout('target')).toBe(true);
    expect(bad.isAbout('title')).toBe(false);

    const nested = await failureOf(
      linkhop.post('/api/workspaces/{wsId}/links', {
        params: { path: { wsId } },
        body: { target: 'https://example.com', rules: [{ name: 'r', conditions: [], action: { type: 'redirect', url: 'javascript:alert(1)' } }] },
      }),
    );
    expect(nested).toMatchObject({ status: 400, field: 'rules.0.action.url' });
    expect(nested.isAbout('rules')).toBe(true);
    expect(nested.isAbout('rule')).toBe(false);
  });

  test('404 for another workspace’s link, 401 for a wrong key, a network failure as status 0: each a LinkhopError with its code', async () => {
    const mine = await clientOfNewWorkspace();
    const theirs = await clientOfNewWorkspace();
    const link = await theirs.linkhop.post('/api/workspaces/{wsId}/links', {
      params: { path: { wsId: theirs.workspaceId } },
      body: { target: 'https://example.com/x' },
    });
    const notMine = await failureOf(
      mine.linkhop.get('/api/workspaces/{wsId}/links/{linkId}', { params: { path: { wsId: theirs.workspaceId, linkId: link.id } } }),
    );
    expect(notMine).toMatchObject({ status: 404, code: 'not_found' });

    const wrongKey = createLinkhop({ baseUrl: server.baseUrl, apiKey: 'lh_not-a-key' });
    expect(await failureOf(wrongKey.get('/api/workspaces'))).toMatchObject({ status: 401, code: 'unauthenticated' });

    const nowhere = createLinkhop({ baseUrl: 'http://127.0.0.1:1', apiKey: mine.key });
    const unreachable = await failureOf(nowhere.get('/api/workspaces'));
    expect(unreachable).toMatchObject({ status: 0, code: 'network_error' });
    expect(unreachable.cause).toBeDefined();
  });

  test('an OAuth access token goes as Authorization: Bearer (a function is asked before every request); a key as X-API-Key', async () => {
    const seen: Headers[] = [];
    const observe = { onRequest: ({ request }: { request: Request }) => void seen.push(new Headers(request.headers)) };
    let issued = 0;
    const withToken = createLinkhop({ baseUrl: `${server.baseUrl}/api/`, accessToken: () => `token-${++issued}`, middleware: [observe] });
    // the REST API acts on API keys and sessions: a token it did not issue is refused as any unknown credential
    await failureOf(withToken.get('/api/workspaces'));
    await failureOf(withToken.get('/api/workspaces'));
    expect(seen.map((h) => h.get('authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(seen.every((h) => h.get('x-api-key') === null)).toBe(true);

    const { key } = await server.bootstrap('free');
    seen.length = 0;
    const withKey = createLinkhop({ baseUrl: server.baseUrl, apiKey: key, middleware: [observe] });
    expect((await withKey.get('/api/workspaces')).workspaces).toHaveLength(1);
    expect(seen[0]!.get('x-api-key')).toBe(key);
    expect(seen[0]!.get('authorization')).toBeNull();
    expect(() => createLinkhop({ baseUrl: server.baseUrl, apiKey: key, accessToken: 'both' })).toThrow(/not both/);
    // a token that cannot be had is the caller's failure, not the network's
    const noToken = createLinkhop({
      baseUrl: server.baseUrl,
      accessToken: () => {
        throw new Error('refresh failed');
      },
    });
    await expect(noToken.get('/api/workspaces')).rejects.toThrow('refresh failed');
    expect(await noToken.get('/api/workspaces').catch((error) => error instanceof LinkhopError)).toBe(false);
    // and an abort stays an abort
    const aborted = await withKey.get('/api/workspaces', { signal: AbortSignal.abort() }).catch((error) => error);
    expect(aborted).not.toBeInstanceOf(LinkhopError);
    expect(aborted.name).toBe('AbortError');
  });
});

describe('retries', () => {
  /**
   * Spends the workspace's bulk-create budget (5 requests in 10 s) until the server refuses a bulk call with a
   * `Retry-After` of 2 s or more (a window about to end is waited out and spent again: a slow machine cannot make
   * the call that follows land in a fresh window). The refusal's Retry-After, in seconds.
   */
  async function spendBulkBudget(key: string, wsId: string): Promise<number> {
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${server.baseUrl}/api/workspaces/${wsId}/links/bulk`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ links: [{ target: `https://example.com/spend/${i}` }] }),
      });
      if (res.status === 201) continue;
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.linkBulk.durationSec);
      if (retryAfter >= 2) return retryAfter;
      await Bun.sleep(retryAfter * 1000);
    }
    throw new Error('the bulk budget was never spent');
  }

  test('a 429 is tried again after the Retry-After the server sent, and succeeds', async () => {
    const retries: { attempt: number; status: number; delayMs: number }[] = [];
    let onTheWire = 0;
    const {
      workspaceId: wsId,
      key,
      linkhop,
    } = await clientOfNewWorkspace({
      retry: { onRetry: ({ attempt, status, delayMs }) => void retries.push({ attempt, status, delayMs }) },
      fetch: (request, init) => {
        onTheWire++;
        return fetch(request, init);
      },
    });
    // what the server answers a client that does not retry: 429 with Retry-After in seconds
    await spendBulkBudget(key, wsId);
    expect(retries).toEqual([]);

    onTheWire = 0;
    const started = performance.now();
    const made = await linkhop.post('/api/workspaces/{wsId}/links/bulk', {
      params: { path: { wsId } },
      body: { links: [{ target: 'https://example.com/after-wait' }] },
    });
    const waitedMs = performance.now() - started;
    expect(made.count).toBe(1);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries[0]!.status).toBe(429);
    expect(retries[0]!.attempt).toBe(1);
    // the wait is the server's Retry-After (whole seconds), not a guess
    expect(retries[0]!.delayMs % 1000).toBe(0);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(waitedMs).toBeGreaterThanOrEqual(retries.reduce((sum, r) => sum + r.delayMs, 0) - 50);
    expect(onTheWire).toBe(retries.length + 1);
  }, 60_000);

  test('without retries, or when Retry-After asks for more than maxDelayMs, the 429 is thrown at once with retryAfter', async () => {
    const owner = await clientOfNewWorkspace();
    await spendBulkBudget(owner.key, owner.workspaceId);
    const body = { links: [{ target: 'https://example.com/refused' }] };
    for (const retry of [false, { maxDelayMs: 500 }] as const) {
      const linkhop = createLinkhop({ baseUrl: server.baseUrl, apiKey: owner.key, retry });
      const started = performance.now();
      const refused = await failureOf(linkhop.post('/api/workspaces/{wsId}/links/bulk', { params: { path: { wsId: owner.workspaceId } }, body }));
      expect(performance.now() - started).toBeLessThan(500);
      expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    }
  });

  test('a 503 (no slug could be drawn) is tried again with backoff, and the retry creates the link once', async () => {
    const retries: { status: number; delayMs: number }[] = [];
    const { workspaceId: wsId, linkhop } = await clientOfNewWorkspace({
      retry: { baseDelayMs: 200, onRetry: ({ status, delayMs }) => void retries.push({ status, delayMs }) },
    });
    const random = slugSource.next;
    try {
      slugSource.next = () => 'SdkTaken1';
      const first = await linkhop.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 'https://example.com/first' } });
      expect(first.slug).toBe('SdkTaken1');
      // the next create draws the taken slug every time (a 503), then, on the SDK's second attempt, fresh ones
      let draws = 0;
      slugSource.next = () => (++draws <= SLUG_ATTEMPTS ? 'SdkTaken1' : random());
      const second = await linkhop.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 'https://example.com/second' } });
      expect(second.slug).not.toBe('SdkTaken1');
      expect(retries).toHaveLength(1);
      expect(retries[0]!.status).toBe(503);
      // no Retry-After on this 503: the first backoff is half to all of baseDelayMs
      expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(100);
      expect(retries[0]!.delayMs).toBeLessThanOrEqual(200);
    } finally {
      slugSource.next = random;
    }
    const all = await linkhop.get('/api/workspaces/{wsId}/links', { params: { path: { wsId } } });
    expect(all.links.map((l) => l.target).sort()).toEqual(['https://example.com/first', 'https://example.com/second']);
  });

  test('attempts are bounded: the last refusal is thrown', async () => {
    const retries: number[] = [];
    const { workspaceId: wsId, linkhop } = await clientOfNewWorkspace({
      retry: { attempts: 2, baseDelayMs: 10, onRetry: ({ attempt }) => void retries.push(attempt) },
    });
    const random = slugSource.next;
    try {
      slugSource.next = () => 'SdkTaken2';
      await linkhop.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 'https://example.com/one' } });
      const refused = await failureOf(
        linkhop.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 'https://example.com/two' } }),
      );
      expect(refused).toMatchObject({ status: 503, code: 'unavailable' });
      expect(retries).toEqual([1]);
    } finally {
      slugSource.next = random;
    }
  });
});
