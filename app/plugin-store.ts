import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { and, eq, sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../core/db';
import { badRequest, conflict } from '../core/errors';

/**
 * The plugins' durable key–value store: one row per (plugin, key) in PostgreSQL (or the embedded
 * database), so every process (API servers, workers, the CLI) reads and writes the same values, and
 * backups carry them (the table is in the schema barrel, app/schema.ts).
 */
export const pluginState = pgTable(
  'plugin_state',
  {
    plugin: text('plugin').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.plugin, t.key] })],
);

/** Bounds of one entry (the migration's checks hold the same): a store for counters and settings, not files. */
export const MAX_KEY_LENGTH = 200;
export const MAX_VALUE_BYTES = 64 * 1024;

/** `ctx.store`: one plugin's keys; every call is one SQL statement. */
export interface PluginStore {
  /**
   * the value stored at `key`, or null when there is none. With a TypeBox `schema` the value is
   * checked against it and typed by it: a value off it (stored by an older version of the plugin,
   * say) throws, naming the key and where it differs, instead of reaching the code as a wrong type.
   */
  get<S extends TSchema>(key: string, schema: S): Promise<Static<S> | null>;
  get(key: string): Promise<unknown>;
  /** stores any JSON value (at most 64 KiB as JSON) at `key`, replacing what was there */
  set(key: string, value: unknown): Promise<void>;
  /** removes `key`; true when it existed */
  delete(key: string): Promise<boolean>;
  /** adds `by` (default 1) to the number at `key` (0 when absent) atomically, in SQL, and returns the new value */
  increment(key: string, by?: number): Promise<number>;
}

function checkKey(key: string) {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw badRequest(`Plugin store: a key is 1 to ${MAX_KEY_LENGTH} characters (got ${typeof key === 'string' ? key.length : typeof key})`);
  }
  return key;
}

function asJson(key: string, value: unknown) {
  const json = value === undefined ? undefined : JSON.stringify(value);
  if (json === undefined) throw badRequest(`Plugin store: the value of ${key} is not JSON (delete a key instead of storing undefined)`);
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_VALUE_BYTES) throw badRequest(`Plugin store: the value of ${key} is ${bytes} bytes as JSON, at most ${MAX_VALUE_BYTES}`);
  return json;
}

export function pluginStore(db: DbOrTx, plugin: string): PluginStore {
  const entry = (key: string) => and(eq(pluginState.plugin, plugin), eq(pluginState.key, checkKey(key)));
  return {
    async get(key: string, schema?: TSchema) {
      const [row] = await db.select({ value: pluginState.value }).from(pluginState).where(entry(key));
      const value: unknown = row?.value ?? null;
      if (value === null || !schema) return value;
      const wrong = Value.Errors(schema, value).First();
      if (wrong) throw new Error(`Plugin store: the value of ${key} does not match its schema at ${wrong.path || '/'}: ${wrong.message}`);
      return value;
    },
    async set(key, value) {
      const json = asJson(checkKey(key), value);
      await db.execute(sql`
        insert into plugin_state (plugin, key, value) values (${plugin}, ${key}, ${json}::jsonb)
        on conflict (plugin, key) do update set value = excluded.value, updated_at = now()`);
    },
    async delete(key) {
      const removed = await db.delete(pluginState).where(entry(key)).returning({ key: pluginState.key });
      return removed.length > 0;
    },
    async increment(key, by = 1) {
      checkKey(key);
      if (typeof by !== 'number' || !Number.isFinite(by)) throw badRequest(`Plugin store: increment ${key} by a finite number (got ${by})`);
      // numeric, not float: whole numbers stay exact however many processes add to them
      const [row] = rowsOf<{ value: string }>(
        await db.execute(sql`
          insert into plugin_state as s (plugin, key, value) values (${plugin}, ${key}, to_jsonb(${String(by)}::numeric))
          on conflict (plugin, key) do update set value = to_jsonb(s.value::text::numeric + ${String(by)}::numeric), updated_at = now()
          where jsonb_typeof(s.value) = 'number'
          returning s.value::text as value`),
      );
      if (!row) throw conflict(`Plugin store: ${key} holds a value that is not a number`);
      return Number(row.value);
    },
  };
}
