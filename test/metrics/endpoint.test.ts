import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createLogger } from '../../core/logger';
import { clickRecorder } from '../../modules/clicks';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';

/** The app logs into this test through the production logger: the access log lines are read back. */
const lines: string[] = [];
const log = createLogger('info', { write: (line: string) => void lines.push(line) });
const TOKEN = 'metrics-token-for-the-test';
let t: TestApp;
let m1 = '';
let ws: { workspaceId: string; key: string };
const link = (body: unknown) => t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body });

beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN, LOG_REDIRECTS: 'true' }, log });
  ws = await t.bootstrap({ plan: 'pro' });
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => t.request('/metrics', { host: new URL(SITE_URL).host, headers });
/** a series' value in Prometheus text, e.g. `linkhop_redirects_total{outcome="redirect"}` */
const seriesValue = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${series} `))
      ?.split(' ')[1] ?? Number.NaN,
  );

test('without the token, or with another, /metrics answers 401 and asks for a Bearer token', async () => {
  for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }] as Record<string, string>[]) {
    const res = await scrape(headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect((await res.json()).error).toContain('METRICS_TOKEN');
  }
});

test('/metrics answers on any host, like /healthz (Prometheus scrapes a process by its address), still behind the token', async () => {
  for (const host of [undefined, '127.0.0.1:3000', 'linkhop-api-2']) {
    const res = await t.request('/metrics', { host, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('linkhop_build_info{');
    expect((await t.request('/metrics', { host })).status).toBe(401);
  }
});

test('redirects by outcome, link cache, clicks, latency, queues, pool and process memory are exposed', async () => {
  const before = await (await scrape()).text();
  const made = await link({ target: 'https://example.com/m' });
  expect(made.status).toBe(201);
  m1 = `/${made.body.slug}`;
  const expired = await link({ target: 'https://example.com/e', expires_at: new Date(Date.now() + 1000).toISOString() });
  expect(expired.status).toBe(201);
  for (let i = 0; i < 3; i++) expect((await t.request(m1)).status).toBe(302);
  expect((await t.request(m1, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })).status).toBe(302);
  expect((await t.request('/nothing-here')).status).toBe(404);
  await Bun.sleep(1100);
  expect((await t.request(`/${expired.body.slug}`)).status).toBe(410);

  const res = await scrape();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  const text = await res.text();
  const rise = (series: string) => seriesValue(text, series) - (seriesValue(before, series) || 0);
  expect(rise('linkhop_redirects_total{outcome="redirect"}')).toBe(3);
  expect(rise('linkhop_redirects_total{outcome="bot"}')).toBe(1);
  expect(rise('linkhop_redirects_total{outcome="not_found"}')).toBe(1);
  expect(rise('linkhop_redirects_total{outcome="expired"}')).toBe(1);
  expect(rise('linkhop_link_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
  expect(rise('linkhop_link_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(3);
  expect(rise('linkhop_clicks_total{stage="buffered"}')).toBe(3);
  expect(rise('linkhop_clicks_total{stage="spooled"}')).toBe(3);
  expect(rise('linkhop_redirect_duration_seconds_count')).toBe(6);
  // by route pattern (never the raw path: no ids), method and status
  expect(text).toMatch(/linkhop_api_request_duration_seconds_count\{route="\/api\/workspaces\/:wsId\/links",method="POST",status="201"\} [1-9]/);
  expect(text).not.toContain(made.body.id);
  expect(text).toMatch(
    new RegExp(`linkhop_build_info\\{version="[0-9.]+",bun="${Bun.version.replaceAll('.', '\\.')}",database="${t.deps.database.kind}"\\} 1`),
  );
  expect(text).toMatch(/linkhop_redirect_duration_seconds_bucket\{le="\+Inf"\} \d+/);
  expect(text).toMatch(/linkhop_queue_jobs\{queue="clicks",state="failed"\} 0/);
  expect(text).toMatch(/linkhop_queue_jobs\{queue="mail",state="waiting"\} \d+/);
  expect(text).toMatch(new RegExp(`linkhop_db_pool_max\\{kind="${t.deps.database.kind}"\\} \\d+`));
  expect(text).toMatch(/process_resident_memory_bytes \d+/);
  expect(text).toMatch(/nodejs_heap_size_used_bytes \d+/);
});

test('clicks stored by this process are counted once they are in the database', async () => {
  const stored = async () => {
    await clickRecorder(t.deps).flush();
    await t.deps.queue.idle();
    return seriesValue(await (await scrape()).text(), 'linkhop_clicks_total{stage="stored"}');
  };
  const before = await stored();
  expect((await t.request(m1)).status).toBe(302);
  // with Redis the clicks are stored by a worker process: its own /metrics is not this one
  if (t.deps.queue.kind === 'memory') expect(await stored()).toBe(before + 1);
});

test('access log: API lines carry status (404 for an unrouted path), duration and client IP; LOG_REDIRECTS logs visits', async () => {
  lines.length = 0;
  expect((await t.api('GET', '/no-such-route', { key: ws.key })).status).toBe(404);
  expect((await t.request(m1)).status).toBe(302);
  const entries = lines.map((line) => JSON.parse(line));
  const api = entries.find((e) => e.msg === 'api request' && e.path === '/api/no-such-route');
  expect(api).toMatchObject({ method: 'GET', status: 404 });
  expect(api.durationMs).toBeGreaterThanOrEqual(0);
  expect(api).toHaveProperty('ip');
  const visit = entries.find((e) => e.msg === 'redirect');
  expect(visit).toMatchObject({ method: 'GET', host: 'go.linkhop.test', path: m1, status: 302 });
  expect(visit.durationMs).toBeGreaterThanOrEqual(0);
});
