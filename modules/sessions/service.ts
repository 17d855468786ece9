import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, or, isNotNull, sql } from 'drizzle-orm';
import { SESSION_COOKIE, type SessionGrant } from '../../core/access';
import type { Config } from '../../core/config';
import { preparedQuery, type DbOrTx, type Tx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { ApiError, badRequest, notFound } from '../../core/errors';
import { newId } from '../../core/format';
import { sha256Hex } from '../../core/secrets';
import { RATE_LIMITS } from '../../core/plans';
import { sendMail } from '../mail';
import { deleteKeysWithoutProof } from '../api-keys';
import {
  ensureUser,
  findUserByEmail,
  getUser,
  hasProvenMailbox,
  isEmail,
  markMailboxProven,
  normalizeEmail,
  refusedForLackOfProof,
  type User,
} from '../members';
import { revokeGrantsWithoutProof } from '../oauth';
import { ssoRequiredFor } from '../sso';
import { insertOwnedWorkspace } from '../workspaces';
import { revokedWithoutProofMail, signInMail, ssoRequiredMail } from './mails';
import { sessions, signInLinks } from './schema';

const LINK_TTL_MS = 15 * 60_000;
export const SESSION_TTL_SEC = 30 * 86_400;
const SESSION_TTL_MS = SESSION_TTL_SEC * 1000;
/** a session's expiry slides forward on use, but its row is written at most this often */
const EXTEND_EVERY_MS = 3_600_000;

export const LINK_GONE = 'This sign-in link has expired or was already used';

const randomToken = () => randomBytes(32).toString('base64url');
/** The CSRF token is derived from the session id: a page can read it (from the API), a cross-site form cannot. */
export const csrfTokenOf = (rawSession: string) => sha256Hex(`csrf:${rawSession}`);

/** `lh_session`: HttpOnly, SameSite=Lax, the whole site, Secure when the site is served over https. */
export function sessionCookie(config: Config, raw: string, maxAgeSec: number): string {
  const secure = config.siteUrl.startsWith('https:') ? '; Secure' : '';
  return `${SESSION_COOKIE}=${raw}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${maxAgeSec}${secure}`;
}
export const endedSessionCookie = (config: Config) => sessionCookie(config, '', 0);

/**
 * A new one-time link for the address; the used and expired links of that address go with it.
 * `mailed`: sent to the address itself, so using it proves the mailbox (the operator's login-link is not).
 */
async function issueSignInLink(deps: Deps, email: string, signup: boolean, mailed: boolean): Promise<string> {
  const token = randomToken();
  const now = new Date(deps.now());
  await deps.db.transaction(async (tx) => {
    await tx.delete(signInLinks).where(and(eq(signInLinks.email, email), or(isNotNull(signInLinks.usedAt), lte(signInLinks.expiresAt, now))));
    await tx.insert(signInLinks).values({ id: newId(), tokenHash: sha256Hex(token), email, signup, mailed, expiresAt: new Date(now.getTime() + LINK_TTL_MS) });
  });
  return `${deps.config.siteUrl}/app/sign-in#token=${token}`;
}

/**
 * Answers a request for a sign-in link. The answer is the same whether or not the address has an
 * account, and so is its timing: the lookup and the mail are a job (`mail.signInLink`) run after
 * answering. The limits are per IP and per address and IP: a stranger spending an address's limit
 * spends only their own, and its owner still gets a link from anywhere else.
 */
export async function requestSignInLink(deps: Deps, input: { email: string; ip: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!isEmail(email)) throw badRequest('Invalid email address', { field: 'email' });
  const off = emailLinksOff(deps);
  if (off) throw new ApiError(403, off);
  await deps.limiter.consume('signInIp', input.ip, RATE_LIMITS.signInIp);
  await deps.limiter.consume('signInEmailIp', `${email} ${input.ip}`, RATE_LIMITS.signInEmailIp);
  await deps.queue.enqueue('mail.signInLink', { email });
}

/** EMAIL_SIGNIN=false: the answer to every request for a link (configuration only: no lookup, the same for every address). */
function emailLinksOff(deps: Deps): string | null {
  if (deps.config.emailSignIn) return null;
  const sso = deps.config.oidc ? ` Use "Sign in with ${deps.config.oidc.name}".` : '';
  return `Sign-in by e-mail link is turned off on this server.${sso}`;
}

/**
 * The job behind requestSignInLink: mails a known address a link (or, under ALLOW_SIGNUP, an unknown
 * one a sign-up link). An address whose domain a workspace captured with "SSO required" gets no
 * link but the reason, by mail: the request's answer stays the same for every address.
 */
export async function mailSignInLinkIfKnown(deps: Deps, email: string): Promise<void> {
  if (emailLinksOff(deps)) return;
  if (await ssoRequiredFor(deps.db, email)) {
    await sendMail(deps.queue, ssoRequiredMail({ to: email, provider: deps.config.oidc?.name }));
    return;
  }
  const user = await findUserByEmail(deps.db, email);
  if (user || deps.config.allowSignup) await mailSignInLink(deps, email, !user);
}

export async function mailSignInLink(deps: Deps, email: string, signup = false): Promise<void> {
  const url = await issueSignInLink(deps, email, signup, true);
  await sendMail(deps.queue, signInMail({ to: email, url, signup }));
}

/** Operator API and CLI: a sign-in link for an existing user, for installs without mail. */
export async function signInUrlFor(deps: Deps, email: string): Promise<{ url: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw notFound('User');
  return { url: await issueSignInLink(deps, user.email, false, false) };
}

/** What a first mailbox-proven sign-in ended because it was made without that proof. */
export interface RevokedWithoutProof {
  sessions: number;
  api_keys: number;
  oauth_grants: number;
}

export interface OpenedSession {
  user: User;
  csrfToken: string;
  cookie: string;
  /** set on the first mailbox-proven sign-in that ended anything */
  revoked?: RevokedWithoutProof;
}

/**
 * A new session of the user, in the caller's transaction; the user's expired sessions are cleared.
 * A user who has not proven their mailbox gets a session marked `without_proof`.
 */
export async function openSession(tx: DbOrTx, deps: Deps, user: User, userAgent: string | null): Promise<OpenedSession> {
  const raw = randomToken();
  const now = deps.now();
  await tx.delete(sessions).where(and(eq(sessions.userId, user.id), lte(sessions.expiresAt, new Date(now))));
  await tx.insert(sessions).values({
    id: newId(),
    tokenHash: sha256Hex(raw),
    userId: user.id,
    expiresAt: new Date(now + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300) || null,
    withoutProof: !(await hasProvenMailbox(tx, user.id, { lock: true })),
  });
  return { user, csrfToken: csrfTokenOf(raw), cookie: sessionCookie(deps.config, raw, SESSION_TTL_SEC) };
}

/**
 * The person just proved they hold the address (a mailed link, SSO with a verified address). The first
 * time, whatever was made for the account without that proof ends: its sessions, API keys and OAuth
 * grants. An account made by an invite token was open to the inviter, who saw the token: whoever
 * proves the mailbox must not share the account with them. Memberships stay. Returns what ended, or
 * null; the caller, after commit, drops the keys' cache entries and tells the person (proofAnnounced).
 */
export async function proveMailbox(tx: Tx, deps: Deps, user: User): Promise<{ revoked: RevokedWithoutProof; keyCacheKeys: string[] } | null> {
  if (!(await markMailboxProven(tx, user.id, new Date(deps.now())))) return null;
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), eq(sessions.withoutProof, true)))
    .returning({ id: sessions.id });
  const keyCacheKeys = await deleteKeysWithoutProof(tx, user.id);
  const grants = await revokeGrantsWithoutProof(tx, user.id);
  if (!ended.length && !keyCacheKeys.length && !grants) return null;
  return { revoked: { sessions: ended.length, api_keys: keyCacheKeys.length, oauth_grants: grants }, keyCacheKeys };
}

/** After the proving sign-in's commit: revoked keys leave every process's cache, and the person is told by mail. */
export async function announceProof(deps: Deps, user: User, proof: { revoked: RevokedWithoutProof; keyCacheKeys: string[] }): Promise<void> {
  if (proof.keyCacheKeys.length) await deps.cache.invalidate(...proof.keyCacheKeys);
  await sendMail(deps.queue, revokedWithoutProofMail({ to: user.email, revoked: proof.revoked, siteUrl: deps.config.siteUrl }));
}

/**
 * Uses a sign-in link (once: the row is marked in the same statement that finds it) and opens a
 * session. A sign-up link creates the user and their Free workspace in the same transaction.
 */
export async function signInWithLink(deps: Deps, token: string, userAgent: string | null): Promise<OpenedSession> {
  const now = new Date(deps.now());
  const { opened, proof } = await deps.db.transaction(async (tx) => {
    const [link] = await tx
      .update(signInLinks)
      .set({ usedAt: now })
      .where(and(eq(signInLinks.tokenHash, sha256Hex(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
      .returning();
    if (!link) throw new ApiError(410, LINK_GONE);
    let user = await findUserByEmail(tx, link.email);
    if (!user) {
      // the user was deleted since, or sign-up was switched off: nobody to sign in
      if (!link.signup || !deps.config.allowSignup) throw new ApiError(410, LINK_GONE);
      user = await ensureUser(tx, link.email, null, { proven: true });
      await insertOwnedWorkspace(tx, { userId: user.id, name: `${user.email.split('@')[0]}'s workspace`, plan: deps.config.defaultPlan });
    }
    const proof = link.mailed ? await proveMailbox(tx, deps, user) : null;
    return { opened: await openSession(tx, deps, user, userAgent), proof };
  });
  if (!proof) return opened;
  await announceProof(deps, opened.user, proof);
  return { ...opened, revoked: proof.revoked };
}

// every request of a signed-in person reads its session: a deleted user's or a signed-out session's row is gone at once, in every process
const sessionByHash = preparedQuery('session_by_hash', (db, name) =>
  db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, withoutProof: sessions.withoutProof })
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder('hash')))
    .prepare(name),
);

/**
 * Session cookie → the person and the CSRF token their writes must carry. Read from the database
 * on every request (one indexed row, then its user from the members module), so signing out, "sign out everywhere" and a deleted user take
 * effect at once everywhere; the expiry slides on use, written at most once an hour.
 */
export function createSessionAuthenticator(deps: Omit<Deps, 'access'>) {
  return async function authenticateSession(raw: string): Promise<SessionGrant | null> {
    if (raw.length > 100) return null;
    const [row] = await sessionByHash(deps.db).execute({ hash: sha256Hex(raw) });
    const now = deps.now();
    if (!row || row.expiresAt.getTime() <= now || (await refusedForLackOfProof(deps.db, row))) return null;
    const user = await getUser(deps.db, row.userId);
    if (!user) return null;
    let setCookie: string | undefined;
    if (row.expiresAt.getTime() - now < SESSION_TTL_MS - EXTEND_EVERY_MS) {
      await deps.db
        .update(sessions)
        .set({ expiresAt: new Date(now + SESSION_TTL_MS) })
        .where(eq(sessions.id, row.id));
      setCookie = sessionCookie(deps.config, raw, SESSION_TTL_SEC);
    }
    return {
      actor: { via: 'session', userId: row.userId, email: user.email, sessionId: row.id, withoutProof: row.withoutProof },
      csrfToken: csrfTokenOf(raw),
      setCookie,
    };
  };
}

export async function endSession(deps: Deps, sessionId: string): Promise<void> {
  sessionsEnded(deps, await deps.db.delete(sessions).where(eq(sessions.id, sessionId)).returning(endedColumns));
}

const endedColumns = { id: sessions.id, userId: sessions.userId };

/** Says which sessions ended (one person's each time), for whatever holds them open: the live stream. */
function sessionsEnded(deps: Deps, ended: { id: string; userId: string }[]) {
  if (ended.length) void deps.bus.emit('sessions.ended', { userId: ended[0]!.userId, sessionIds: ended.map((s) => s.id) });
}

export interface OpenSession {
  id: string;
  created_at: string;
  last_seen_at: string;
  user_agent: string | null;
  current: boolean;
}

/**
 * The person's live sessions, newest use first, never their token hashes. "Last seen" is when the
 * sliding expiry was last written (expiry − 30 days), so it is exact to the hour without a write per request.
 */
export async function listSessions(deps: Deps, userId: string, currentId: string): Promise<OpenSession[]> {
  const rows = await deps.db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(deps.now()))))
    .orderBy(desc(sessions.expiresAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_seen_at: new Date(Math.max(row.expiresAt.getTime() - SESSION_TTL_MS, row.createdAt.getTime())).toISOString(),
    user_agent: row.userAgent,
    current: row.id === currentId,
  }));
}

/** Signs out one of the person's own sessions (404 for anyone else's, so ids of others' sessions tell nothing). */
export async function endOwnSession(deps: Deps, userId: string, sessionId: string): Promise<void> {
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning(endedColumns);
  if (!ended.length) throw notFound('Session');
  sessionsEnded(deps, ended);
}

/** "Sign out everywhere": every session of the user, this one included. */
export async function endAllSessions(deps: Deps, userId: string): Promise<void> {
  sessionsEnded(deps, await deps.db.delete(sessions).where(eq(sessions.userId, userId)).returning(endedColumns));
}
