import type { KeyActor, WorkspaceAccess } from '../../core/access';
import type { Deps } from '../../core/deps';
import { callerFault } from '../../core/errors';
import { canonicalHostname, shortUrl } from '../../core/hosts';
import { roleAtLeast, type Role } from '../../core/plans';
import { unstorableInput } from '../../core/validation';
import { createLink, getLinkByShortUrl, type LinkCreate, linkContext } from '../links';
import { linkStats } from '../stats';
import { markUsed, type SlackLinkRow } from './service';
import { escapeSlack, parseCommandText, type SlackRequest } from './text';

/** What Slack shows: in the channel for everyone, or to the person who typed the command only. */
export interface SlackAnswer {
  response_type: 'in_channel' | 'ephemeral';
  text: string;
}

const DAY_MS = 86_400_000;
const STATS_DAYS = 7;
const privately = (text: string): SlackAnswer => ({ response_type: 'ephemeral', text });

export const HELP = [
  '*Linkhop*',
  '`/linkhop https://example.com/page` makes a short link and posts it here.',
  '`/linkhop https://example.com/page back-half` chooses the back-half (on a custom domain).',
  '`/linkhop stats https://…/abc` (or `/linkhop stats abc`) shows its clicks over the last 7 days, to you only.',
  '`/linkhop help` shows this.',
].join('\n');

export const NOT_LINKED = 'This Slack workspace is not linked to a Linkhop workspace. A Linkhop owner links it in the dashboard, under Workspace → Slack.';

/**
 * The Slack link acts as an API key of the owner who made it would: in its workspace, with its
 * role capped by that owner's current membership role (the same resolver as every API request).
 */
async function workspaceOf(deps: Deps, link: SlackLinkRow): Promise<WorkspaceAccess | null> {
  const actor: KeyActor = {
    via: 'key',
    userId: link.createdBy,
    email: '',
    keyId: `slack:${link.id}`,
    keyWorkspaceId: link.workspaceId,
    keyRole: link.role as Role,
    withoutProof: false,
  };
  return deps.access.workspaceAccess(actor, link.workspaceId);
}

const needs = (role: Role, workspace: WorkspaceAccess) =>
  privately(
    `This Slack link acts with the ${workspace.role} role in Linkhop; this needs ${role} or higher. A Linkhop owner can link it again with another role.`,
  );

async function shorten(deps: Deps, link: SlackLinkRow, workspace: WorkspaceAccess, form: URLSearchParams, ask: Extract<SlackRequest, { kind: 'shorten' }>) {
  if (!roleAtLeast(workspace.role, 'editor')) return needs('editor', workspace);
  const via = {
    slack_link_id: link.id,
    slack_team_id: link.teamId,
    slack_user_id: form.get('user_id') ?? '',
    slack_user_name: form.get('user_name') ?? '',
  };
  const input: LinkCreate = { target: ask.target };
  if (ask.slug !== undefined) input.slug = ask.slug;
  if (link.domain) input.domain = link.domain;
  // the REST routes' edge check, as MCP calls get it (app/kernel.ts): text the database cannot store
  const unstorable = unstorableInput({ ...input, via });
  if (unstorable) throw unstorable;
  const row = await createLink(deps, { ...(await linkContext(deps.db, workspace, link.createdBy)), via }, input, 'slack');
  const short = shortUrl(deps.config, row.domain, row.slug);
  return { response_type: 'in_channel' as const, text: `${escapeSlack(short)} → ${escapeSlack(row.target)}` };
}

/** A short link as typed (`https://go.example.com/abc`, or the back-half alone on the Slack link's domain): its domain and slug. */
function shortLinkOf(deps: Deps, link: SlackLinkRow, typed: string): { domain: string; slug: string } | null {
  if (!/^https?:\/\//i.test(typed)) return { domain: link.domain ?? deps.config.defaultDomain, slug: typed };
  try {
    const url = new URL(typed);
    return { domain: canonicalHostname(url), slug: decodeURIComponent(url.pathname.slice(1)) };
  } catch {
    return null;
  }
}

async function stats(deps: Deps, link: SlackLinkRow, workspace: WorkspaceAccess, typed: string) {
  const address = shortLinkOf(deps, link, typed);
  const row = address && (await getLinkByShortUrl(deps.db, address.domain, address.slug));
  // another workspace's link is answered as no link at all: its existence is not this team's to learn
  if (!row || row.workspaceId !== workspace.id) return privately(`No link ${escapeSlack(typed)} in the Linkhop workspace ${escapeSlack(workspace.name)}.`);
  const today = new Date(deps.now());
  const from = new Date(today.getTime() - (STATS_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const series = await linkStats(deps.readDb, workspace.id, row.id, { from, to: today.toISOString().slice(0, 10) }, today);
  const lines = series.days.map((day) => `${day.date}  ${String(day.clicks).padStart(6)}`);
  const short = shortUrl(deps.config, row.domain, row.slug);
  return privately(`Clicks on ${escapeSlack(short)} in the last ${STATS_DAYS} days: *${series.clicks}*\n\`\`\`\n${lines.join('\n')}\n\`\`\``);
}

/**
 * Runs a command Slack signed for `link`. A refusal by the services (a hostile URL, a taken
 * back-half, a plan or rate limit) is answered to the person only, in the API's words.
 */
export async function runSlackCommand(deps: Deps, link: SlackLinkRow, form: URLSearchParams): Promise<SlackAnswer> {
  const ask = parseCommandText(form.get('text') ?? '');
  if (ask.kind === 'help') return privately(HELP);
  if (ask.kind === 'usage') return privately(ask.problem);
  const workspace = await workspaceOf(deps, link);
  if (!workspace)
    return privately('This Slack link no longer works: the Linkhop member who made it has left the workspace. A Linkhop owner can link it again.');
  await markUsed(deps.db, link.id, new Date(deps.now()));
  try {
    return ask.kind === 'stats' ? await stats(deps, link, workspace, ask.link) : await shorten(deps, link, workspace, form, ask);
  } catch (error) {
    const fault = callerFault(error);
    if (!fault) throw error;
    return privately(`${ask.kind === 'stats' ? 'No stats' : 'Not shortened'}: ${escapeSlack(fault.message)}`);
  }
}
