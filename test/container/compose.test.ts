import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { CADDY } from '../helpers/caddy';

// The compose files as an operator runs them: what they start, and that every setting they pass is one
// the server reads. The image itself runs for real in image.test.ts (its own CI step).
const ROOT = new URL('../..', import.meta.url).pathname;
const compose = (file: string) => Bun.YAML.parse(readFileSync(`${ROOT}${file}`, 'utf8')) as { services: Record<string, any>; volumes: Record<string, unknown> };
/** where the server reads its environment */
const CONFIG_SOURCE = readFileSync(`${ROOT}core/config.ts`, 'utf8');

test('compose.yaml: Caddy, 2 API processes and a worker of one image, PostgreSQL, Redis that keeps its jobs', () => {
  const { services, volumes } = compose('compose.yaml');
  expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'caddy', 'postgres', 'redis', 'worker']);
  const linkhop = ['api-1', 'api-2', 'worker'].map((name) => services[name]);
  for (const service of linkhop) {
    expect(service.image).toBe(services['api-1'].image);
    expect(service.environment).toEqual(services['api-1'].environment);
    expect(service.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
  }
  expect(services['api-1'].command).toEqual(['start']);
  expect(services.worker.command).toEqual(['worker']);
  // each API process has a click spool of its own: two processes never share one
  expect(new Set(linkhop.map((s) => s.volumes[0].split(':')[0])).size).toBe(3);
  for (const s of linkhop) expect(s.volumes[0]).toEndWith(':/data');
  expect(services.redis.command.join(' ')).toContain('--appendonly yes');
  expect(services.redis.command.join(' ')).toContain('--maxmemory-policy noeviction');
  expect(services.caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  expect(services.caddy.ports).toEqual(['80:80', '443:443']);
  expect(Object.keys(volumes)).toContain('postgres');
});

test('every variable the compose files pass is one the server reads', () => {
  for (const file of ['compose.yaml', 'compose.embedded.yaml']) {
    for (const service of Object.values(compose(file).services).filter((s) => s.build?.dockerfile === 'Containerfile')) {
      for (const name of Object.keys(service.environment))
        expect({ file, name, read: CONFIG_SOURCE.includes(`env.${name}`) }).toEqual({ file, name, read: true });
    }
  }
});

test('compose.embedded.yaml: one container, its database in a volume, time to drain on stop', () => {
  const { services } = compose('compose.embedded.yaml');
  expect(Object.keys(services)).toEqual(['linkhop']);
  expect(services.linkhop.volumes).toEqual(['linkhop-data:/data']);
  expect(services.linkhop.stop_grace_period).toBe('30s');
  expect(services.linkhop.environment.DATABASE_URL).toBeUndefined();
});

test.skipIf(!CADDY)("deploy/Caddyfile is a valid Caddy configuration asking Linkhop's /api/tls/ask", async () => {
  const caddyfile = readFileSync(`${ROOT}deploy/Caddyfile`, 'utf8');
  expect(caddyfile).toContain('ask http://api-1:3000/api/tls/ask');
  const check = Bun.spawn([CADDY!, 'validate', '--adapter', 'caddyfile', '--config', `${ROOT}deploy/Caddyfile`], {
    env: { ...process.env, SITE_HOST: 'links.example.com', DEFAULT_DOMAIN: 'go.example.com', ACME_EMAIL: 'ops@example.com', HOME: '/tmp' },
    stderr: 'pipe',
    stdout: 'pipe',
  });
  const [code, err] = await Promise.all([check.exited, new Response(check.stderr).text()]);
  expect({ code, err: code ? err.slice(-500) : '' }).toEqual({ code: 0, err: '' });
});
