import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { createFetch } from '../../app/kernel';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';

/**
 * A real Prometheus (the Debian package) scrapes the app on loopback with the bearer token, and its
 * query API shows the redirect counter rising after visits. The app is reached through a
 * loopback listener that forwards to the site host, as a reverse proxy in front of it would.
 */
const PROMETHEUS = Bun.which('prometheus');
const TOKEN = 'prometheus-scrape-token';
let t: TestApp;
let proxy: ReturnType<typeof Bun.serve> | undefined;
let prometheus: Subprocess | undefined;
let dir = '';
let api = '';

const freePort = () => {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port;
  probe.stop(true);
  return port;
};

beforeAll(async () => {
  if (!PROMETHEUS) return;
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  const fetch = createFetch(t.deps, t.app);
  proxy = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request) => {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.set('host', new URL(SITE_URL).host);
      return fetch(new Request(`${SITE_URL}${url.pathname}${url.search}`, { headers }));
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'lh-prometheus-'));
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global:
  scrape_interval: 1s
  scrape_timeout: 900ms
scrape_configs:
  - job_name: linkhop
    authorization:
      credentials: ${TOKEN}
    static_configs:
      - targets: ['127.0.0.1:${proxy.port}']
`,
  );
  const port = freePort();
  api = `http://127.0.0.1:${port}/api/v1`;
  prometheus = Bun.spawn(
    [PROMETHEUS, `--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdout: 'ignore', stderr: 'ignore' },
  );
});

afterAll(async () => {
  prometheus?.kill();
  await prometheus?.exited;
  proxy?.stop(true);
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** the query's single value, once Prometheus has one that `accept`s, within 30 s */
async function waitForValue(query: string, accept: (value: number) => boolean): Promise<number> {
  let last = Number.NaN;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await Bun.sleep(250)) {
    const res = await globalThis.fetch(`${api}/query?query=${encodeURIComponent(query)}`).catch(() => undefined);
    if (!res?.ok) continue;
    const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
    const value = body.data.result[0]?.value[1];
    if (value === undefined) continue;
    last = Number(value);
    if (accept(last)) return last;
  }
  const targets = await globalThis.fetch(`${api}/targets`).then((r) => r.text(), String);
  throw new Error(`Prometheus: ${query} never accepted (last value ${last}); targets: ${targets}`);
}

test.skipIf(!PROMETHEUS)('Prometheus scrapes /metrics with the token and sees the redirect counter rise after visits', async () => {
  const up = await waitForValue('up{job="linkhop"}', (v) => v === 1);
  expect(up).toBe(1);
  const redirects = 'linkhop_redirects_total{job="linkhop",outcome="redirect"}';
  const before = await waitForValue(redirects, () => true);
  const ws = await t.bootstrap({ plan: 'pro' });
  const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/scraped' } });
  expect(link.status).toBe(201);
  for (let i = 0; i < 5; i++) expect((await t.request(`/${link.body.slug}`)).status).toBe(302);
  expect(await waitForValue(redirects, (v) => v >= before + 5)).toBe(before + 5);
  // the histogram is usable as Prometheus histograms are
  const p99 = await waitForValue('histogram_quantile(0.99, linkhop_redirect_duration_seconds_bucket{job="linkhop"})', (v) => v > 0);
  expect(p99).toBeLessThan(10);
});

// said as a skip only where the binary is missing (a skipIf registered it as skipped where it was there)
if (!PROMETHEUS) {
  console.warn('skipped: the prometheus binary is not installed (Debian package `prometheus`)');
  test.skip('Prometheus scrape test skipped: no prometheus binary (apt-get install prometheus)', () => {});
}
