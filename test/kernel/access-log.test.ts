import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createLogger } from '../../core/logger';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { capturingStream } from '../helpers/log';

/**
 * The access log of API requests on a real socket: each line carries the caller's IP (the peer, or
 * the forwarded address behind a trusted proxy), and requests refused before routing (`Origin: null`)
 * are logged too.
 */

let t: TestApp;
let url: string;
const logged = capturingStream();
const siteHost = new URL(SITE_URL).host;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, log: createLogger('info', logged.stream) });
  url = await t.listen();
});
afterAll(() => t.close());

/** The access-log line of the request whose answer carried `res`'s request id (logged after the answer: waited for). */
async function lineOf(res: Response) {
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  for (let i = 0; i < 100; i++) {
    const line = logged.lines.find((l) => l.msg === 'api request' && l.requestId === requestId);
    if (line) return line;
    await Bun.sleep(50);
  }
  throw new Error(`no access-log line for request ${requestId}`);
}

test('an API request logs the peer address', async () => {
  const res = await fetch(`${url}/api/links`, { headers: { host: siteHost } });
  expect(await lineOf(res)).toMatchObject({ method: 'GET', path: '/api/links', status: res.status, ip: '127.0.0.1' });
});

test('behind a trusted proxy, the forwarded address', async () => {
  const res = await fetch(`${url}/api/links`, { headers: { host: siteHost, 'x-forwarded-for': '203.0.113.9' } });
  expect((await lineOf(res)).ip).toBe('203.0.113.9');
});

test('a request refused for Origin: null is logged, with its status and address', async () => {
  const res = await fetch(`${url}/api/links`, { headers: { host: siteHost, origin: 'null', 'x-forwarded-for': '198.51.100.4' } });
  expect(res.status).toBe(403);
  expect(await lineOf(res)).toMatchObject({ method: 'GET', path: '/api/links', status: 403, ip: '198.51.100.4' });
});
