import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createLogger } from '../../core/logger';
import { clickRecorder } from '../../modules/clicks/recorder';
import { startTestApp, type TestApp } from '../helpers/app';
import { capturingStream } from '../helpers/log';
import { freePort } from '../helpers/pg-cluster';
import { UA } from '../helpers/smart-links';

/**
 * A click forward to GA4 that fails, as the logs show it: GA4 takes its `api_secret` in the query
 * string only, so the URL holds it; neither the failure nor its retries may write it (nor Meta's
 * token) into a log line. Through the app's own logger, its redaction and error serializer.
 */

const GA_SECRET = 'ga-secret-must-not-be-logged-4711';
const FB_TOKEN = 'fb-token-must-not-be-logged-4712';

const logged = capturingStream();
let t: TestApp;
let refusing: string;
let failing: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  // nothing listens on this loopback port: every connection is refused
  refusing = `http://127.0.0.1:${await freePort()}`;
  // a receiver that answers every forward with a server error
  failing = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('{"error":"down"}', { status: 503 }) });
  t = await startTestApp({ log: createLogger('info', logged.stream) });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks', 'analytics']);
});
afterAll(async () => {
  await t.close();
  failing.stop(true);
});

/** One forwarded click of a new Team workspace to `endpoint`; the log lines of its failed job once all its attempts are done. */
async function failedForwardLines(endpoint: string) {
  Object.assign(t.deps.config, { gaEndpoint: `${endpoint}/mp/collect`, fbEndpoint: `${endpoint}/fb` });
  const ws = await t.bootstrap({ plan: 'team' });
  const patched = await t.api('PATCH', `/workspaces/${ws.workspaceId}`, {
    key: ws.key,
    body: { ga_id: 'G-LOGS', ga_api_secret: GA_SECRET, fb_pixel_id: '4242', fb_access_token: FB_TOKEN },
  });
  expect(patched.status).toBe(200);
  const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/' } });
  logged.lines.length = 0;
  expect((await t.request(`/${link.body.slug}`, { headers: { 'user-agent': UA.desktop } })).status).toBe(302);
  await clickRecorder(t.deps).flush();
  if (t.deps.queue.kind === 'memory') await t.deps.queue.idle();
  const failures = () => logged.lines.filter((line) => /job failed/.test(line.msg) && JSON.stringify(line).includes('analytics'));
  // BullMQ retries with a backoff: wait until the forward has failed at least twice (first try and a retry)
  for (let i = 0; i < 600 && failures().length < 2; i++) await Bun.sleep(50);
  expect(failures().length).toBeGreaterThanOrEqual(2);
  return logged.lines;
}

test('a forward to a receiver that refuses the connection: failures logged, neither the GA4 secret nor the Meta token', async () => {
  const lines = await failedForwardLines(refusing);
  const text = lines.map((line) => JSON.stringify(line)).join('\n');
  expect(text).not.toContain(GA_SECRET);
  expect(text).not.toContain(FB_TOKEN);
  expect(text).toContain('GA4 Measurement Protocol unreachable: ECONNREFUSED');
}, 60_000);

test('a forward to a receiver answering 503: the same', async () => {
  const lines = await failedForwardLines(failing.url.origin);
  const text = lines.map((line) => JSON.stringify(line)).join('\n');
  expect(text).toContain('answered 503');
  expect(text).not.toContain(GA_SECRET);
  expect(text).not.toContain(FB_TOKEN);
}, 60_000);

test("the app's logger censors a credential an error quotes in a URL's query string, wherever the error holds it", () => {
  const stream = capturingStream();
  const log = createLogger('info', stream.stream);
  const error = Object.assign(new Error(`failed: https://gate.example/collect?measurement_id=G-1&api_secret=${GA_SECRET}`), {
    path: `https://gate.example/collect?api_secret=${GA_SECRET}&x=1`,
    cause: new Error(`see https://graph.example/?access_token=${FB_TOKEN}`),
  });
  log.warn({ err: error }, 'forward failed');
  const text = JSON.stringify(stream.lines);
  expect(text).not.toContain(GA_SECRET);
  expect(text).not.toContain(FB_TOKEN);
  expect(stream.lines[0].err.path).toBe('https://gate.example/collect?api_secret=[redacted]&x=1');
  expect(stream.lines[0].err.message).toContain('measurement_id=G-1&api_secret=[redacted]');
});
