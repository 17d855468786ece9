import { timingSafeEqual } from 'node:crypto';

/** Hex SHA-256: how secrets (API keys, sessions, sign-in links) are stored, and hashed identifiers are sent. */
export const sha256Hex = (value: string): string => new Bun.CryptoHasher('sha256').update(value).digest('hex');

/** Compares two secrets in constant time, by their UTF-8 bytes. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
