import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createLogger } from '../../core/logger';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { capturingStream } from '../helpers/log';
import { rawRequest } from '../helpers/raw-http';

/**
 * A Host header and a path that make no URL (`[::1`, `h:p:p`, an empty Host) are the client's
 * fault: 400 with the security headers of every answer, `{error, code}`, no stack trace in the
 * answer or the log. On a real socket (Bun builds `request.url` from them) and through app.handle.
 */

/**
 * The last three pass the Host pattern and make no URL (an IDNA label that is no punycode, a port
 * past 65535, an IPv4 number past 255): the judgement kept per Host (core/hosts.ts) must say so for
 * each of the many requests below, not only the first.
 */
const MALFORMED_HOSTS = ['[::1', 'h:p:p', '', '[zz]', 'a b', '1.2.3.999', 'xn--a', 'h:99999', '256.0.0.1'];
const PATHS = ['//x', '/a/../b', '/x', '/api/links', '/api/session', '/app', '/healthz', '/'];
const METHODS = ['GET', 'POST', 'HEAD'];

let t: TestApp;
let port: number;
const logged = capturingStream();

beforeAll(async () => {
  t = await startTestApp({ log: createLogger('info', logged.stream) });
  port = Number(new URL(await t.listen()).port);
});
afterAll(() => t.close());

function expectRefused(status: number, header: (name: string) => string | null | undefined, body: string, what: string) {
  expect({ what, status }).toEqual({ what, status: 400 });
  expect({ what, csp: header('content-security-policy') }).toEqual({ what, csp: expect.stringContaining("default-src 'none'") });
  expect({ what, frame: header('x-frame-options'), sniff: header('x-content-type-options') }).toEqual({ what, frame: 'DENY', sniff: 'nosniff' });
  if (body) {
    expect(JSON.parse(body)).toEqual({ error: expect.stringContaining('Malformed request'), code: 'invalid' });
    expect(body).not.toMatch(/\bat .*\.ts:\d+/);
  }
}

describe('malformed Host on a real socket', () => {
  test('every malformed Host with every kind of path and method: 400 with security headers, nothing logged as an error', async () => {
    for (const host of MALFORMED_HOSTS)
      for (const target of PATHS)
        for (const method of METHODS) {
          const res = await rawRequest(port, { method, target, host, headers: method === 'POST' ? ['Content-Length: 0'] : [] });
          expectRefused(res.status, (name) => res.headers.get(name), method === 'HEAD' ? '' : res.body, `${method} Host ${JSON.stringify(host)} ${target}`);
        }
    expect(logged.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  test('no Host at all (HTTP/1.1 requires one): Bun refuses it, 400, before the app sees it', async () => {
    for (const target of PATHS) {
      const res = await rawRequest(port, { target, host: null });
      expect({ target, status: res.status }).toEqual({ target, status: 400 });
      expect(res.body).not.toMatch(/\bat /);
    }
  });

  test('a well-formed Host with dot segments or a trailing dot is answered as usual, never 5xx', async () => {
    for (const host of ['linkhop.test', 'go.linkhop.test', 'host.', 'linkhop.test:80', '[::1]:8080', '127.0.0.1'])
      for (const target of PATHS) {
        const res = await rawRequest(port, { target, host });
        expect({ host, target, status: res.status < 500 && res.status !== 400 }).toEqual({ host, target, status: true });
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
  });
});

describe('malformed Host through app.handle', () => {
  test('a Host header that is no authority: 400 with security headers', async () => {
    for (const host of ['[::1', 'h:p:p', '', 'a b'])
      for (const path of ['/x', '/api/links', '/app']) {
        const res = await t.app.handle(new Request(`${SITE_URL}${path}`, { headers: { host } }));
        expectRefused(res.status, (name) => res.headers.get(name), await res.text(), `Host ${JSON.stringify(host)} ${path}`);
      }
  });
});
