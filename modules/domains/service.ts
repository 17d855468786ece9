import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { domains } from './schema';

export interface DomainRef { id: string; workspaceId: string; domain: string; verified: boolean }

const columns = { id: domains.id, workspaceId: domains.workspaceId, domain: domains.domain, verified: domains.verified };

/** A custom domain of this workspace by hostname (links may only use their workspace's domains). */
export async function getWorkspaceDomain(db: DbOrTx, workspaceId: string, hostname: string): Promise<DomainRef | null> {
  const [row] = await db.select(columns).from(domains).where(and(eq(domains.workspaceId, workspaceId), eq(domains.domain, hostname.toLowerCase())));
  return row ?? null;
}

/** The custom domain a request's Host names, whatever its workspace (redirects). */
export async function getDomainByHost(db: DbOrTx, host: string): Promise<DomainRef | null> {
  const [row] = await db.select(columns).from(domains).where(eq(domains.domain, host.toLowerCase()));
  return row ?? null;
}
