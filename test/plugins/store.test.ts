import { afterAll, beforeAll, expect, test } from 'bun:test';
import { type ApiError, definePlugin, type PluginStore, t as types } from '../../app/plugin-api';
import { MAX_KEY_LENGTH, MAX_VALUE_BYTES } from '../../app/plugin-store';
import { startTestApp, type TestApp } from '../helpers/app';

/** ctx.store: durable, per plugin, bounded; increments are atomic in SQL (PostgreSQL with TEST_DATABASE_URL, else the embedded database). */
const stores: Record<string, PluginStore> = {};
const holder = (name: string) => definePlugin({ name, setup: (ctx) => void (stores[name] = ctx.store) });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ plugins: [holder('one'), holder('two')] });
});
afterAll(() => t.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'stored',
    (e: ApiError) => ({ status: e.status, error: e.message }),
  );

test('get, set and delete any JSON value, each plugin in its own namespace', async () => {
  const { one, two } = stores as { one: PluginStore; two: PluginStore };
  expect(await one.get('settings')).toBeNull();
  const value = { page: 'https://status.example.com/', on: true, hours: [9, 17], note: 'ünïcode ✓' };
  await one.set('settings', value);
  expect(await one.get('settings')).toEqual(value);
  expect(await two.get('settings')).toBeNull();
  await one.set('settings', 'replaced');
  expect(await one.get('settings', types.String())).toBe('replaced');
  expect(await two.delete('settings')).toBe(false);
  expect(await one.delete('settings')).toBe(true);
  expect(await one.get('settings')).toBeNull();
});

test('get with a TypeBox schema: the value checked and typed by it; a value off it throws, naming the key and where', async () => {
  const { one } = stores as { one: PluginStore };
  const Settings = types.Object({ page: types.String(), on: types.Boolean() });
  await one.set('checked', { page: 'https://status.example.com/', on: true });
  const settings = await one.get('checked', Settings);
  // typed from the schema: `on` is a boolean, not unknown
  const on: boolean | undefined = settings?.on;
  expect(on).toBe(true);
  expect(await one.get('absent', Settings)).toBeNull();
  // what an older version of the plugin stored, say
  await one.set('checked', { page: 'https://status.example.com/', on: 'yes' });
  const read = await one.get('checked', Settings).then(
    () => 'read',
    (error: Error) => error.message,
  );
  expect(read).toBe('Plugin store: the value of checked does not match its schema at /on: Expected boolean');
  // without a schema the value is unknown: no unchecked cast to a type of the caller's choosing
  // @ts-expect-error get<T>() is gone: give a schema
  await one.get<string>('checked');
});

test('increment adds in SQL: absent counts as 0, concurrent increments all land, a non-number is refused', async () => {
  const { one, two } = stores as { one: PluginStore; two: PluginStore };
  expect(await one.increment('visits')).toBe(1);
  await Promise.all(Array.from({ length: 20 }, () => one.increment('visits', 2)));
  expect(await one.get('visits')).toBe(41);
  expect(await one.increment('visits', -1.5)).toBe(39.5);
  expect(await two.increment('visits')).toBe(1);
  await one.set('label', 'text');
  expect(await failure(one.increment('label'))).toEqual({ status: 409, error: 'Plugin store: label holds a value that is not a number' });
  expect(await failure(one.increment('visits', Number.NaN))).toEqual({ status: 400, error: 'Plugin store: increment visits by a finite number (got NaN)' });
});

test('keys and values are bounded, with messages that say the bound', async () => {
  const { one } = stores as { one: PluginStore };
  expect(await failure(one.set('', 1))).toEqual({ status: 400, error: `Plugin store: a key is 1 to ${MAX_KEY_LENGTH} characters (got 0)` });
  expect(await failure(one.get('k'.repeat(MAX_KEY_LENGTH + 1)))).toEqual({
    status: 400,
    error: `Plugin store: a key is 1 to ${MAX_KEY_LENGTH} characters (got ${MAX_KEY_LENGTH + 1})`,
  });
  const big = 'x'.repeat(MAX_VALUE_BYTES);
  expect(await failure(one.set('big', big))).toEqual({
    status: 400,
    error: `Plugin store: the value of big is ${MAX_VALUE_BYTES + 2} bytes as JSON, at most ${MAX_VALUE_BYTES}`,
  });
  expect(await failure(one.set('nothing', undefined))).toEqual({
    status: 400,
    error: 'Plugin store: the value of nothing is not JSON (delete a key instead of storing undefined)',
  });
  // the largest value and key pass
  await one.set('k'.repeat(MAX_KEY_LENGTH), big.slice(2));
  expect((await one.get('k'.repeat(MAX_KEY_LENGTH), types.String()))?.length).toBe(MAX_VALUE_BYTES - 2);
});
