import type { Deps } from '../../core/deps';
import { ApiError, badRequest } from '../../core/errors';
import { linksOfTeam, secretContext, type SlackLinkRow } from './service';
import { TEAM_ID_PATTERN } from './model';
import { freshTimestamp, signedWith, wellFormedSignature } from './signature';

/** A command's form is a few hundred bytes; Slack's own limits keep it far below this. */
export const SLACK_BODY_BYTES = 16 * 1024;
const TEAM_ID = new RegExp(TEAM_ID_PATTERN);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A command Slack signed: its form, and the link whose signing secret signed it (none: the team is linked nowhere). */
export interface SignedCommand {
  form: URLSearchParams;
  link: SlackLinkRow | null;
}

const unauthenticated = (message: string) => new ApiError(401, message);

/** A link's signing secret; null (logged) when it does not open: sealed under another SECRETS_KEY than this process has. */
function openSecret(deps: Deps, link: SlackLinkRow): string | null {
  try {
    return deps.secrets.open(link.secretSealed, secretContext(link.id));
  } catch (err) {
    deps.log.warn({ err, slackLinkId: link.id }, 'a Slack link signing secret does not open with this SECRETS_KEY: link it again');
    return null;
  }
}

/**
 * Reads and authenticates a slash command as Slack specifies: the raw body's bytes, its timestamp
 * within 5 minutes of now (replays refused), and `X-Slack-Signature` the HMAC of one of the team's
 * links' signing secrets. Throws the refusal (400, 401, 413, 415), before anything is written.
 */
export async function verifySlackCommand(deps: Deps, request: Request): Promise<SignedCommand> {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    throw new ApiError(415, 'Send the command as Slack does: application/x-www-form-urlencoded');
  }
  const timestamp = freshTimestamp(request.headers.get('x-slack-request-timestamp'), deps.now());
  if (!timestamp) throw unauthenticated('X-Slack-Request-Timestamp is missing or more than 5 minutes from now (a replay?)');
  const signature = request.headers.get('x-slack-signature');
  if (!wellFormedSignature(signature)) throw unauthenticated('X-Slack-Signature is missing or not v0=<64 hex digits>');
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.byteLength > SLACK_BODY_BYTES) throw new ApiError(413, `Request body too large: at most ${SLACK_BODY_BYTES} bytes`);
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw badRequest('The body is not UTF-8 text');
  }
  const form = new URLSearchParams(text);
  const teamId = form.get('team_id') ?? '';
  if (!TEAM_ID.test(teamId)) throw badRequest('team_id is missing or not a Slack team id', { field: 'team_id' });
  const links = await linksOfTeam(deps.db, teamId);
  if (!links.length) return { form, link: null };
  const link = links.find((candidate) => {
    const secret = openSecret(deps, candidate);
    return secret !== null && signedWith(secret, timestamp, body, signature);
  });
  if (!link) throw unauthenticated('Invalid X-Slack-Signature: not signed with the signing secret of a Linkhop link of this Slack team');
  return { form, link };
}
