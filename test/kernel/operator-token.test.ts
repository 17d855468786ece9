import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, MIN_ADMIN_TOKEN_LENGTH } from '../../core/config';
import { ConfigError } from '../../core/errors';
import { RATE_LIMITS } from '../../core/plans';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app';
import { capturingLogger } from '../helpers/log';
import { freePort } from '../helpers/pg-cluster';
import { waitFor } from '../helpers/processes';

const ROOT = join(import.meta.dir, '../..');

describe('a short ADMIN_TOKEN is refused at start', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lh-token-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** An entry point run with ADMIN_TOKEN=change-me, as the README once showed. */
  const run = async (args: string[]) => {
    const proc = Bun.spawn([process.execPath, ...args], {
      cwd: ROOT,
      env: { ...process.env, ADMIN_TOKEN: 'change-me', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', PORT: String(await freePort()), LOG_LEVEL: 'warn' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { code, out, err };
  };

  test('the server exits 1 and says how long the token must be and how to make one (never echoing it)', async () => {
    const { code, err } = await run(['app/main.ts']);
    expect(code).toBe(1);
    expect(err).toContain('ADMIN_TOKEN is 9 characters long; the operator token must have at least 32');
    expect(err).toContain('openssl rand -hex 32');
    expect(err).not.toContain('change-me');
  }, 30_000);

  test('the CLI, with the same environment, refuses the same way', async () => {
    const { code, err, out } = await run(['app/cli.ts', 'bootstrap', '--email', 'op@example.com']);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(JSON.parse(err).error).toContain('openssl rand -hex 32');
  }, 30_000);

  test(`loadConfig: ${MIN_ADMIN_TOKEN_LENGTH - 1} characters refused, ${MIN_ADMIN_TOKEN_LENGTH} accepted, unset = operator API off`, () => {
    expect(() => loadConfig({ ADMIN_TOKEN: 'x'.repeat(MIN_ADMIN_TOKEN_LENGTH - 1) })).toThrow(ConfigError);
    expect(loadConfig({ ADMIN_TOKEN: 'x'.repeat(MIN_ADMIN_TOKEN_LENGTH) }).adminToken).toBe('x'.repeat(MIN_ADMIN_TOKEN_LENGTH));
    expect(loadConfig({ ADMIN_TOKEN: '' }).adminToken).toBeUndefined();
  });
});

describe('failed operator-token attempts', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = await t.listen();
    // the limiter counts in Redis once connected (before, its in-memory insurance would count the first attempts apart)
    if (t.deps.redis) await waitFor(() => t.deps.redis!.status === 'ready', 10_000, 'Redis to connect');
  }, 60_000);
  afterAll(() => t.close());

  const attempt = (token: string) =>
    fetch(`${base}/api/admin/monitoring/run`, { method: 'POST', headers: { host: new URL(t.config.siteUrl).host, authorization: `Bearer ${token}` } });

  test('are limited per IP (429 with Retry-After, the right token included) and logged with the IP, never the token', async () => {
    const capture = capturingLogger('warn');
    t.deps.log = capture.log;
    const { points } = RATE_LIMITS.adminAuth;
    const statuses: number[] = [];
    for (let i = 0; i < points + 1; i++) statuses.push((await attempt(`guess-${i}-${'x'.repeat(32)}`)).status);
    expect(statuses).toEqual([...Array(points).fill(401), 429]);
    const right = await attempt(ADMIN_TOKEN);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await right.json()).toEqual({ error: expect.stringMatching(/^Rate limit exceeded; retry in \d+ s$/), code: 'rate_limited' });

    const warnings = capture.lines.filter((line) => line.msg === 'operator API: wrong or missing token');
    expect(warnings).toHaveLength(points);
    expect(warnings[0]).toMatchObject({ level: 40, ip: '127.0.0.1', method: 'POST', path: '/api/admin/monitoring/run' });
    expect(JSON.stringify(capture.lines)).not.toContain('guess-');
  });

  test('another caller is not locked out by them', async () => {
    // in process (no socket): another caller than 127.0.0.1
    const res = await t.api('POST', '/admin/monitoring/run', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.status).toBe(200);
  });
});
