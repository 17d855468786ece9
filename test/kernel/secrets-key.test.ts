import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../core/config';
import { ConfigError } from '../../core/errors';
import { keyKeptInDatabase } from '../../core/deps';
import { createSecretBox, KEY_IN_DATABASE, loadSecretsKey, SECRETS_KEY_FILE } from '../../core/secrets';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/db';
import { freePort } from '../helpers/pg-cluster';

/** The instance's secrets key (core/secrets.ts): what seals invite tokens at rest. */
const ROOT = join(import.meta.dir, '../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lh-secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the secrets key', () => {
  test('embedded default: made once into DATA_DIR/secrets.key (mode 600), the same key at every later start', () => {
    const dataDir = join(tempDir(), 'data');
    const first = loadSecretsKey({ dataDir })!;
    expect(first).toHaveLength(32);
    const path = join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    const again = loadSecretsKey({ dataDir })!;
    expect(again.equals(first)).toBe(true);
    // what one start sealed, the next opens
    const sealed = createSecretBox(first).seal('a token', 'invite:1');
    expect(createSecretBox(again).open(sealed, 'invite:1')).toBe('a token');
    expect(() => createSecretBox(again).open(sealed, 'invite:2')).toThrow();
    expect(() => createSecretBox(loadSecretsKey({ dataDir: tempDir() })!).open(sealed, 'invite:1')).toThrow();
  });

  test('SECRETS_KEY wins over the file, as 64 hex digits or base64; anything else is refused at start', () => {
    const hex = 'ab'.repeat(32);
    expect(loadSecretsKey({ secretsKey: hex, dataDir: tempDir() })!.toString('hex')).toBe(hex);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SECRETS_KEY: base64 }).secretsKey).toBe(base64);
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(ConfigError);
  });

  // production processes started without the setting (an outside harness, a first try) must still agree on one key
  test.skipIf(!TEST_DATABASE_URL)(
    'production without SECRETS_KEY: the server starts, says the key is kept in the database, and every process shares that key',
    async () => {
      const database = await createTestDatabase();
      let proc: ReturnType<typeof Bun.spawn> | undefined;
      try {
        proc = Bun.spawn([process.execPath, 'app/main.ts'], {
          cwd: ROOT,
          env: {
            ...process.env,
            SECRETS_KEY: '',
            DATABASE_URL: database.url!,
            REDIS_URL: '',
            DATA_DIR: tempDir(),
            PORT: String(await freePort()),
            LOG_LEVEL: 'warn',
          },
          stdout: 'pipe',
          stderr: 'ignore',
        });
        const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
        let out = '';
        while (!out.includes(KEY_IN_DATABASE.slice(0, 40))) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`the server ended: ${out}`);
          out += new TextDecoder().decode(value);
        }
        // a second process (here: this one) reads the same key, and opens what the first would seal
        const first = await keyKeptInDatabase(database.db);
        const second = await keyKeptInDatabase(database.db);
        expect(first.equals(second)).toBe(true);
        expect(createSecretBox(second).open(createSecretBox(first).seal('a token', 'invite:1'), 'invite:1')).toBe('a token');
      } finally {
        proc?.kill('SIGKILL');
        await proc?.exited;
        await database.close();
      }
    },
    60_000,
  );
});
