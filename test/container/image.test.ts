import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { ADMIN_TOKEN, DEFAULT_DOMAIN, SITE_URL } from '../helpers/app';
import { type Caddy, startCaddy, viaCaddy } from '../helpers/caddy';
import { needs } from '../helpers/needs';
import { UA } from '../helpers/smart-links';
import { freePort } from '../helpers/pg-cluster';
import { apiClient, bootstrapOver, waitFor } from '../helpers/processes';
import { deleteRedisPrefix } from '../helpers/redis';
import { buildImage, containerLogs, ensureBaseImage, LIMITS, MMDEBSTRAP, PODMAN, podman, removeContainer, runContainer } from '../helpers/podman';

/**
 * The Containerfile, built and run for real with podman: the embedded default in one container, then
 * production (API + worker containers, the machine's PostgreSQL and Redis, Caddy in front). One image
 * build per run: this file runs in its own CI step (`CONTAINER_TESTS=1`), not inside `npm test`.
 */
const FILE = 'test/container/image.test.ts';
const IMAGE = 'localhost/linkhop:test';
const ROOT = new URL('../..', import.meta.url).pathname;
const run = `${process.pid}`;
const POSTGRES = process.env.TEST_DATABASE_URL?.replace(':6439/', ':5432/').replace(/\?.*$/, '') ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

if (!process.env.CONTAINER_TESTS) console.warn(`${FILE}: skipped here, it runs in its own CI step (CONTAINER_TESTS=1 bun test ${FILE})`);
else if (needs(!!PODMAN && !!MMDEBSTRAP, FILE, 'podman, runc and mmdebstrap (Debian packages)')) {
  const containers: string[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const name of containers) await removeContainer(name);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await podman(['volume', 'rm', '-f', `lh-test-embedded-${run}`, `lh-test-api-${run}`], { allowFailure: true });
  });
  const started = async (opts: Parameters<typeof runContainer>[0]) => {
    containers.push(opts.name);
    await runContainer(opts);
  };
  const answering = async (name: string, port: number) =>
    waitFor(
      async () => {
        const state = await podman(['inspect', '--format', '{{.State.Status}}', name], { allowFailure: true });
        if (state.stdout.trim() === 'exited') throw new Error(`${name} exited: ${(await containerLogs(name)).slice(-3000)}`);
        return fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      60_000,
      `${name} to answer /healthz`,
    );

  describe('the container image', () => {
    test('builds from the Containerfile: non-root, a HEALTHCHECK, /data a volume, no dev dependencies or tests inside', async () => {
      await ensureBaseImage();
      const seconds = await buildImage(ROOT, IMAGE);
      const inspect = JSON.parse((await podman(['image', 'inspect', IMAGE])).stdout)[0];
      console.log(`image built in ${seconds.toFixed(0)} s; ${(inspect.Size / 1e6).toFixed(0)} MB (on the Debian bookworm + Node base of this test)`);
      expect(inspect.Config.User).toBe('linkhop');
      expect(Object.keys(inspect.Config.Volumes ?? {})).toEqual(['/data']);
      // podman keeps it in docker-format images only (the build asks for that format)
      expect(inspect.Healthcheck?.Test?.join(' ')).toContain('/healthz');
      const listed = (await podman(['run', '--rm', ...LIMITS, '--network', 'host', '--entrypoint', 'sh', IMAGE, '-c', 'ls /app'])).stdout.split('\n');
      for (const absent of ['test', 'bench', 'docs', '.git', '.ci']) expect(listed).not.toContain(absent);
      for (const present of ['app', 'core', 'modules', 'drizzle', 'node_modules']) expect(listed).toContain(present);
      // dev dependencies stay out (typescript is in: elysia asks for it as a peer)
      const devOnly = ['@biomejs/biome', 'playwright-core', 'drizzle-kit', 'dependency-cruiser', 'fast-check', 'smtp-server', 'oidc-provider'];
      const present = await podman(
        [
          'run',
          '--rm',
          ...LIMITS,
          '--network',
          'host',
          '--entrypoint',
          'sh',
          IMAGE,
          '-c',
          devOnly.map((p) => `test -e node_modules/${p} && echo ${p};`).join(' '),
        ],
        {
          allowFailure: true,
        },
      );
      expect(present.stdout.trim()).toBe('');
      expect(
        (
          await podman(['run', '--rm', ...LIMITS, '--network', 'host', '--entrypoint', 'sh', IMAGE, '-c', 'test -e node_modules/elysia && echo ok'])
        ).stdout.trim(),
      ).toBe('ok');
    }, 900_000);

    test('embedded default: answers /healthz, /readyz and /metrics by address, prints the setup link, is healthy, `cli backup` runs inside', async () => {
      const port = await freePort();
      const name = `lh-test-embedded-${run}`;
      await started({ name, image: IMAGE, env: { PORT: String(port), SITE_URL: `http://localhost:${port}` }, volume: `${name}:/data` });
      await answering(name, port);
      expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()).toMatchObject({ ok: true });
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/linkhop_build_info\{[^}]*database="pglite"\} 1/);
      expect(await containerLogs(name)).toMatch(new RegExp(`http://localhost:${port}/app/setup#token=[A-Za-z0-9_-]+`));
      expect((await podman(['healthcheck', 'run', name], { allowFailure: true })).code).toBe(0);
      expect((await podman(['exec', name, 'id', '-u'])).stdout.trim()).not.toBe('0');
      const backup = await podman(['exec', name, 'linkhop', 'cli', 'backup', '--out', '/data/backup.lhb'], { timeoutMs: 120_000 });
      expect(backup.code).toBe(0);
      const backupEnd = (await podman(['exec', name, 'sh', '-c', 'zcat /data/backup.lhb | head -c 300; echo; zcat /data/backup.lhb | tail -n 1'])).stdout;
      expect(backupEnd).toContain('"format":"linkhop-backup"');
      expect(backupEnd).toContain('{"end":true}');
    }, 180_000);

    test('production: API and worker containers store every click; `podman stop` mid-burst loses no acknowledged one; Caddy in front serves https', async () => {
      const database = `lh_container_${run}`;
      const admin = postgres(POSTGRES, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${database}`);
      const databaseUrl = Object.assign(new URL(POSTGRES), { pathname: `/${database}` }).toString();
      const db = postgres(databaseUrl, { max: 2, onnotice: () => {} });
      const prefix = `lhc${run}`;
      cleanups.push(async () => {
        await db.end();
        await admin.unsafe(`drop database if exists ${database} with (force)`);
        await admin.end();
        await deleteRedisPrefix(REDIS, prefix);
      });
      const port = await freePort();
      // compose.yaml's own services and settings (its images cannot be pulled here): its API and worker
      // commands and its literal settings, with this machine's PostgreSQL, Redis and names in place of its own
      const compose = Bun.YAML.parse(readFileSync(`${ROOT}compose.yaml`, 'utf8')) as {
        services: Record<string, { command: string[]; environment: Record<string, string> }>;
      };
      const literal = Object.fromEntries(Object.entries(compose.services['api-1']!.environment).filter(([, value]) => !value.includes('${')));
      const env = { ...literal, DATABASE_URL: databaseUrl, REDIS_URL: REDIS, REDIS_PREFIX: prefix, SITE_URL, DEFAULT_DOMAIN, ADMIN_TOKEN };
      expect(literal).toMatchObject({ TRUST_PROXY: 'true' });
      const api = `lh-test-api-${run}`;
      await started({ name: api, image: IMAGE, env: { ...env, PORT: String(port) }, volume: `${api}:/data`, command: compose.services['api-1']!.command });
      await answering(api, port);
      await started({ name: `lh-test-worker-${run}`, image: IMAGE, env, command: compose.services.worker!.command });

      const client = apiClient(`http://127.0.0.1:${port}`);
      const ws = await bootstrapOver(client);
      const link = await client.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: 'https://example.com/container' } });
      expect(link.status).toBe(201);

      const caddy: Caddy = await startCaddy(port);
      cleanups.push(() => caddy.stop());
      expect(await viaCaddy(caddy, DEFAULT_DOMAIN, `/${link.body.slug}`)).toEqual({ ok: true, status: 302, location: 'https://example.com/container' });

      // a burst of visits, 16 at a time; `podman stop` (SIGTERM, then 30 s) comes in the middle of it
      let answered = 0; // Caddy's visit above was curl's: a bot's, not counted
      let stopping: Promise<unknown> | undefined;
      const visitor = async () => {
        for (let i = 0; i < 150; i++) {
          if (answered >= 1000) stopping ??= podman(['stop', '-t', '30', api]);
          // a browser's visit: bots' are answered but not counted
          const res = await client.visit(link.body.slug, { 'user-agent': UA.desktop }).catch(() => null);
          if (res?.status === 302) answered++;
          else if (stopping) return;
        }
      };
      await Promise.all(Array.from({ length: 16 }, visitor));
      await stopping;
      expect(answered).toBeGreaterThan(1000);
      const stopLog = await containerLogs(api);
      expect(stopLog).toContain('shutting down');
      let stored = 0;
      await waitFor(
        async () => {
          [{ stored }] = await db<{ stored: number }[]>`select count(*)::int as stored from clicks where link_id = ${link.body.id}`;
          return stored >= answered;
        },
        60_000,
        'the worker to store every answered click',
      ).catch(async (error) => {
        const logs = `${(await containerLogs(api)).slice(-3000)}\n--- worker\n${(await containerLogs(`lh-test-worker-${run}`)).slice(-3000)}`;
        throw new Error(`${error.message}: ${answered} answered, ${stored} stored\n${logs}`);
      });
      // every answered visit stored; one in flight at the stop may have been stored without its answer arriving
      expect(stored).toBeGreaterThanOrEqual(answered);
      expect(stored).toBeLessThanOrEqual(answered + 16);
      console.log(`podman stop mid-burst: ${answered} answered, ${stored} stored`);
    }, 300_000);
  });
}
