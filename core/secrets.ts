import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './errors';

/** Hex SHA-256: how secrets (API keys, sessions, sign-in links) are stored, and hashed identifiers are sent. */
export const sha256Hex = (value: string): string => new Bun.CryptoHasher('sha256').update(value).digest('hex');

/** Compares two secrets in constant time, by their UTF-8 bytes. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Workspace secrets kept at rest (invite tokens, webhook signing secrets, GA4 and Meta secrets) are sealed with AES-256-GCM under the instance's one
 * secrets key, so a copy of the database (a backup, a replica, a leaked dump) does not carry them
 * readable. `context` names the value's place (`invite:<id>`): a sealed value copied to another row
 * does not open there.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

const SEALED_PREFIX = 'v1.';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, context) {
      if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not a sealed secret');
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12)).setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}

/** Whether a stored value is sealed (rather than a plain value written before its column was sealed). */
export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** Why a stored secret gives nothing: it was sealed under another secrets key (a restore without the key file, a changed SECRETS_KEY). */
export const SEALED_ELSEWHERE = 'sealed under another secrets key';

/**
 * A secret column's plain value. Values written before the column was sealed are plain and pass
 * through (each module seals them at start); a value that does not open with this instance's key
 * is `undefined`: the caller says what is lost (a webhook cannot sign, GA4 gets nothing).
 */
export function openStored(box: SecretBox, stored: string, context: string): string | undefined {
  if (!isSealed(stored)) return stored;
  try {
    return box.open(stored, context);
  } catch {
    return undefined;
  }
}

/** SECRETS_KEY: 32 bytes as 64 hex digits or as base64 (`openssl rand -base64 32`). */
export function parseSecretsKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new ConfigError('SECRETS_KEY must be 32 bytes, as 64 hex digits or base64. Make one with: openssl rand -base64 32');
  }
  return key;
}

export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * The instance's secrets key: SECRETS_KEY when set. The embedded default makes one at the first start
 * into DATA_DIR/secrets.key (mode 600), beside the database it seals for. In production without the
 * setting: undefined, and `keyKeptInDatabase` gives the one every process shares.
 */
export function loadSecretsKey(config: { secretsKey?: string; databaseUrl?: string; dataDir: string }): Buffer | undefined {
  if (config.secretsKey) return parseSecretsKey(config.secretsKey);
  if (config.databaseUrl) return undefined;
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, SECRETS_KEY_FILE);
  if (!existsSync(path)) {
    // written whole, then linked into place: a process starting at the same moment reads one complete key
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      linkSync(draft, path);
    } catch (error) {
      // the other process linked first: its key is the key
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return parseSecretsKey(readFileSync(path, 'utf8'));
}

export const KEY_IN_DATABASE =
  'SECRETS_KEY is not set: workspace secrets are sealed with a key kept in the database (made once, shared by every process), so a copy of the database or of its backups holds it too. Set SECRETS_KEY (openssl rand -base64 32) in every process to keep the key apart';
