import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { links } from './schema';

/**
 * How link passwords are hashed: argon2id with OWASP's m=7 MiB, t=5, p=1 (~18 ms of CPU per hash
 * or verification, measured on the CI machine). Bun's default (64 MiB, t=2) cost ~110 ms: a
 * password form is open to anyone, and 200 addresses guessing at once made every visitor wait.
 */
const HASH_OPTIONS = { algorithm: 'argon2id', memoryCost: 7168, timeCost: 5 } as const;
/** The start of a hash made with HASH_OPTIONS (a hash names its parameters: older ones still verify). */
const CURRENT_PARAMETERS = `$argon2id$v=19$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=1$`;

export const hashLinkPassword = (password: string) => Bun.password.hash(password, HASH_OPTIONS);

/**
 * Whether `password` is the link's. A right password of a hash made with other parameters is
 * hashed again with the current ones (only if the hash was not changed meanwhile): the next
 * visitor pays the current cost. The link's snapshot holds no hash, so no cache is touched.
 */
export async function checkLinkPassword(db: DbOrTx, linkId: string, password: string): Promise<boolean> {
  const [row] = await db.select({ hash: links.passwordHash }).from(links).where(eq(links.id, linkId));
  const hash = row?.hash;
  if (!hash || !(await Bun.password.verify(password, hash))) return false;
  if (!hash.startsWith(CURRENT_PARAMETERS)) {
    await db
      .update(links)
      .set({ passwordHash: await hashLinkPassword(password) })
      .where(and(eq(links.id, linkId), eq(links.passwordHash, hash)));
  }
  return true;
}
