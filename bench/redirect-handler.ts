/**
 * The redirect handler alone: `bun bench/redirect-handler.ts`. The server's fetch handler
 * (`createFetch`, as tests build it) called directly for one cached link, 64 requests at a time, no
 * socket and no HTTP parsing: the JavaScript lane's CPU µs per redirect (process CPU time over
 * BENCH_REQUESTS redirects, 3 rounds after 20,000 warm-up ones), clicks recorded as in the server.
 * PostgreSQL + Redis with TEST_DATABASE_URL / TEST_REDIS_URL set, else the embedded default. Used to
 * compare two trees (copy it into the other tree's bench/) where the guard's whole-server figures are
 * too noisy to show a fraction of a microsecond.
 */
import { startTestApp } from '../test/helpers/app';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const t = await startTestApp();
const { key, workspaceId } = await t.bootstrap({ plan: 'pro' });
const made = await t.api('POST', `/workspaces/${workspaceId}/links`, {
  key,
  body: { target: 'https://example.com/landing?ref=guard', utm_params: { source: 'guard' } },
});
const slug = made.body.slug ?? made.body.key;
const headers = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
  'x-forwarded-for': '203.0.113.7',
};
async function burst(n: number) {
  const batch = 64;
  for (let i = 0; i < n; i += batch) {
    const all = [];
    for (let j = 0; j < batch; j++) all.push(t.request(`/${slug}`, { headers }));
    const answers = await Promise.all(all);
    if (answers[0].status !== 302 && answers[0].status !== 301) throw new Error(`status ${answers[0].status}`);
  }
}
await burst(20_000);
const results: number[] = [];
for (let r = 0; r < 3; r++) {
  const before = process.cpuUsage();
  await burst(REQUESTS);
  const used = process.cpuUsage(before);
  results.push((used.user + used.system) / REQUESTS);
}
console.log(JSON.stringify({ tree: process.cwd(), us_per_redirect: results.map((x) => +x.toFixed(2)) }));
await t.close();
process.exit(0);
