import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ApiError } from '../../core/errors';
import { loadPlugins } from '../../core/plugins';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  process.env.BLOCKLIST_DOMAINS = 'evil.example';
  t = await startTestApp();
});
afterAll(() => t.close());

test('PLUGINS loads a plugin that receives events and hooks', async () => {
  const loaded = await loadPlugins(['./plugins/domain-blocklist.ts'], { hooks: t.deps.bus, config: t.deps.config, log: t.deps.log });
  expect(loaded).toEqual(['domain-blocklist']);

  const ctx = { workspaceId: 'w', plan: 'free' as const, userId: 'u', source: 'single' as const, link: { target: 'https://www.evil.example/x' } };
  const rejected = await t.deps.bus.run('link.beforeCreate', ctx).catch((e) => e);
  expect(rejected).toBeInstanceOf(ApiError);
  expect((rejected as ApiError).status).toBe(400);
  expect((rejected as ApiError).message).toContain('www.evil.example');
  await t.deps.bus.run('link.beforeCreate', { ...ctx, link: { target: 'https://good.example/' } });

  // the plugin's event handler runs on emitted events (it logs); a throwing handler never reaches the emitter
  const seen: string[] = [];
  t.deps.bus.on('link.created', ({ data }) => void seen.push(data.id));
  t.deps.bus.on('link.created', () => {
    throw new Error('handler failure is logged, not thrown');
  });
  await t.deps.bus.emit('link.created', { workspaceId: 'w', data: { id: 'l1', domain: 'd', slug: 's', target: 'https://x.example', title: null, short_url: 'http://d/s' } });
  expect(seen).toEqual(['l1']);
});

test('a file without a plugin export is refused with a clear message', async () => {
  const error = await loadPlugins(['./core/format.ts'], { hooks: t.deps.bus, config: t.deps.config, log: t.deps.log }).catch((e) => e);
  expect(String(error)).toContain('does not export a plugin');
});
