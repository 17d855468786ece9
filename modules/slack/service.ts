import type { Static } from '@sinclair/typebox';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { isUniqueViolation, notFound, taken } from '../../core/errors';
import { iso, newId } from '../../core/format';
import type { Role } from '../../core/plans';
import { recordAudit } from '../audit';
import { resolveDomain } from '../links';
import type { CreateSlackLinkBody } from './model';
import { slackLinks } from './schema';

export type SlackLinkRow = typeof slackLinks.$inferSelect;

/** Where a sealed signing secret belongs: copied to another row, it does not open there. */
export const secretContext = (slackLinkId: string) => `slack:${slackLinkId}`;

/** A team is linked to a few workspaces at most; the command tries each one's secret, no more than this many. */
const TEAM_LINKS_MAX = 20;

export const slackLinkView = (row: SlackLinkRow) => ({
  id: row.id,
  team_id: row.teamId,
  name: row.name,
  role: row.role as Role,
  domain: row.domain,
  created_by: row.createdBy,
  created_at: iso(row.createdAt),
  last_used_at: iso(row.lastUsedAt),
});

/** Links a Slack team to the workspace; the signing secret is sealed before it is stored and never answered. */
export async function createSlackLink(deps: Deps, actor: { workspaceId: string; userId: string }, body: Static<typeof CreateSlackLinkBody>) {
  // the domain is checked as a link's is: one of this workspace's (a back-half needs a custom domain)
  const chosen = body.domain?.trim() ? (await resolveDomain(deps, deps.db, actor.workspaceId, body.domain)).domain : null;
  // the default domain is kept as "the default": a later DEFAULT_DOMAIN is the one it means
  const domain = chosen === deps.config.defaultDomain ? null : chosen;
  const id = newId();
  const row = {
    id,
    workspaceId: actor.workspaceId,
    teamId: body.team_id,
    name: body.name.trim() || body.team_id,
    role: body.role,
    secretSealed: deps.secrets.seal(body.signing_secret, secretContext(id)),
    domain,
    createdBy: actor.userId,
  };
  try {
    const inserted = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(slackLinks).values(row).returning();
      await recordAudit({
        db: tx,
        workspaceId: actor.workspaceId,
        userId: actor.userId,
        action: 'slack_link.create',
        details: { id, team_id: row.teamId, name: row.name, role: row.role, domain },
      });
      return inserted!;
    });
    return slackLinkView(inserted);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken('team_id', `The Slack team ${body.team_id} is already linked to this workspace: remove that link first`);
    throw error;
  }
}

export async function listSlackLinks(db: Db, workspaceId: string) {
  const rows = await db.select().from(slackLinks).where(eq(slackLinks.workspaceId, workspaceId)).orderBy(desc(slackLinks.createdAt));
  return { slack_links: rows.map(slackLinkView) };
}

export async function deleteSlackLink(deps: Deps, actor: { workspaceId: string; userId: string }, slackLinkId: string) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(slackLinks)
      .where(and(eq(slackLinks.workspaceId, actor.workspaceId), eq(slackLinks.id, slackLinkId)))
      .returning();
    if (!row) throw notFound('Slack link');
    await recordAudit({
      db: tx,
      workspaceId: actor.workspaceId,
      userId: actor.userId,
      action: 'slack_link.delete',
      details: { id: row.id, team_id: row.teamId, name: row.name },
    });
  });
}

/** The links of a Slack team, in every workspace: the command finds its own among them by the signature. */
export const linksOfTeam = (db: DbOrTx, teamId: string): Promise<SlackLinkRow[]> =>
  db.select().from(slackLinks).where(eq(slackLinks.teamId, teamId)).orderBy(slackLinks.createdAt).limit(TEAM_LINKS_MAX);

export async function markUsed(db: DbOrTx, slackLinkId: string, at: Date): Promise<void> {
  await db.update(slackLinks).set({ lastUsedAt: at }).where(eq(slackLinks.id, slackLinkId));
}
