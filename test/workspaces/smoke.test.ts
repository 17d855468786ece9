import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('bootstrap then workspace get/list', async () => {
  const { key, workspaceId } = await t.bootstrap({ plan: 'pro' });
  const get = await t.api('GET', `/workspaces/${workspaceId}`, { key });
  expect(get.status).toBe(200);
  console.log(get.body);
  const list = await t.api('GET', '/workspaces', { key });
  console.log(list.status, list.body);
  const bad = await t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { name: 5 } });
  console.log(bad.status, bad.body);
  const none = await t.api('GET', '/workspaces');
  console.log(none.status, none.body);
});
