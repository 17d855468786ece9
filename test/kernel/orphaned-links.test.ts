import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Logger } from '../../core/logger';
import { warnOrphanedLinks } from '../../modules/links';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** What the start-up check logs when the default domain is `defaultDomain`. */
async function warningsWith(defaultDomain: string) {
  const warnings: { fields: any; message: string }[] = [];
  const log = { warn: (fields: unknown, message: string) => void warnings.push({ fields, message }) } as unknown as Logger;
  await warnOrphanedLinks({ db: t.deps.db, config: { ...t.config, defaultDomain }, log });
  return warnings;
}

test('at start, links on a domain that is neither the default nor a custom domain are counted and the fix named', async () => {
  const me = await t.bootstrap({ plan: 'pro' });
  for (const target of ['https://example.com/a', 'https://example.com/b']) {
    expect((await t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body: { target } })).status).toBe(201);
  }
  const custom = await t.api('POST', `/workspaces/${me.workspaceId}/domains`, { key: me.key, body: { domain: 'links.example.org' } });
  await t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body: { target: 'https://example.com/c', domain: custom.body.domain, slug: 'c' } });

  // the default domain unchanged: nothing to say
  expect(await warningsWith(t.config.defaultDomain)).toEqual([]);
  // PORT changed (the default domain follows SITE_URL, which follows PORT): the two links on the old one are orphaned
  const [warning, ...more] = await warningsWith('localhost:4000');
  expect(more).toEqual([]);
  expect(warning!.fields).toEqual({ orphanedLinks: 2, domains: [t.config.defaultDomain], defaultDomain: 'localhost:4000' });
  expect(warning!.message).toContain(`DEFAULT_DOMAIN=${t.config.defaultDomain}`);
});
