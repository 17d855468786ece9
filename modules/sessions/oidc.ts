import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Config, OidcConfig } from '../../core/config';
import type { Deps } from '../../core/deps';
import { ApiError } from '../../core/errors';
import { newId } from '../../core/format';
import { RATE_LIMITS } from '../../core/plans';
import { sha256Hex } from '../../core/secrets';
import { ensureUser, findUserByEmail, normalizeEmail } from '../members';
import { admitByDomainCapture, announceAdmission, isCapturedAddress, type Admission } from '../sso';
import { insertOwnedWorkspace } from '../workspaces';
import { oidcLogins } from './schema';
import { announceProof, openSession, proveMailbox, type OpenedSession } from './service';

export const OIDC_COOKIE = 'lh_oidc';
export const OIDC_CALLBACK_PATH = '/api/session/oidc/callback';
const ATTEMPT_TTL_SEC = 600;
const SCOPES = 'openid email profile';

/**
 * Why a single sign-on did not sign anyone in. The callback sends the browser back to the sign-in
 * page with the code only (`?sso_error=denied`): the page words it, so a crafted link cannot put
 * text of its choosing on our page.
 */
export type SsoFailure = 'denied' | 'provider' | 'expired' | 'state' | 'code' | 'token' | 'unverified' | 'no_account' | 'no_seat' | 'unavailable';

export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoFailure,
    detail: string,
  ) {
    super(detail);
  }
}

/** `lh_oidc`: the browser's half of an attempt; only the callback path sees it (SameSite=Lax: the provider's redirect is a top-level GET). */
export function attemptCookie(config: Config, raw: string, maxAgeSec: number): string {
  const secure = config.siteUrl.startsWith('https:') ? '; Secure' : '';
  return `${OIDC_COOKIE}=${raw}; HttpOnly; SameSite=Lax; Path=${OIDC_CALLBACK_PATH}; Max-Age=${maxAgeSec}${secure}`;
}

const discovered = new WeakMap<OidcConfig, Promise<oidc.Configuration>>();

/**
 * The provider's configuration, discovered from the issuer on first use and kept for the process
 * (a failed discovery is retried on the next sign-in). TLS is the runtime's: the system CAs plus
 * NODE_EXTRA_CA_CERTS. openid-client checks that the discovered issuer is the configured one.
 */
function providerOf(settings: OidcConfig): Promise<oidc.Configuration> {
  let found = discovered.get(settings);
  if (!found) {
    found = oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret).catch((error) => {
      discovered.delete(settings);
      throw new SsoRefused('unavailable', `discovery of ${settings.issuer} failed: ${(error as Error).message}`);
    });
    discovered.set(settings, found);
  }
  return found;
}

function settingsOf(deps: Deps): OidcConfig {
  if (!deps.config.oidc) throw new ApiError(404, 'Single sign-on is not set up on this server');
  return deps.config.oidc;
}

/**
 * Starts an authorization code flow: PKCE (S256), `state` and `nonce` are made here and kept in a
 * row found by the hash of a random browser cookie, so only this browser can finish it, once, within 10 minutes.
 */
export async function startOidcSignIn(deps: Deps, ip: string): Promise<{ location: string; cookie: string }> {
  const settings = settingsOf(deps);
  await deps.limiter.consume('signInIp', ip, RATE_LIMITS.signInIp);
  const provider = await providerOf(settings);
  const browser = randomBytes(32).toString('base64url');
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = deps.now();
  await deps.db.delete(oidcLogins).where(lte(oidcLogins.expiresAt, new Date(now)));
  await deps.db
    .insert(oidcLogins)
    .values({ id: newId(), browserHash: sha256Hex(browser), state, nonce, codeVerifier, expiresAt: new Date(now + ATTEMPT_TTL_SEC * 1000) });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: `${deps.config.siteUrl}${OIDC_CALLBACK_PATH}`,
    scope: SCOPES,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { location: url.href, cookie: attemptCookie(deps.config, browser, ATTEMPT_TTL_SEC) };
}

/** The attempt this browser started (used up here: a callback works once). */
async function takeAttempt(deps: Deps, browser: string | undefined) {
  if (!browser || browser.length > 100) return null;
  const [attempt] = await deps.db
    .delete(oidcLogins)
    .where(and(eq(oidcLogins.browserHash, sha256Hex(browser)), gt(oidcLogins.expiresAt, new Date(deps.now()))))
    .returning();
  return attempt ?? null;
}

/** What went wrong in the library, in our terms: the provider's refusal, a code it would not take, or an answer that failed the checks. */
function failureOf(error: unknown): SsoRefused {
  if (error instanceof SsoRefused) return error;
  const message = (error as Error).message;
  if (error instanceof oidc.AuthorizationResponseError)
    return new SsoRefused(error.error === 'access_denied' ? 'denied' : 'provider', `${error.error}: ${message}`);
  if (error instanceof oidc.ResponseBodyError) return new SsoRefused(error.error === 'invalid_grant' ? 'code' : 'provider', `${error.error}: ${message}`);
  if (error instanceof oidc.ClientError && error.code?.startsWith('OAUTH_')) return new SsoRefused('token', `${error.code}: ${message}`);
  return new SsoRefused('unavailable', message);
}

/**
 * The provider's GET back. Checks the attempt (this browser's, unexpired, same `state`), redeems
 * the code with the PKCE verifier, and has openid-client check the ID token in full (signature,
 * `iss`, `aud`, `exp`, `nonce`). Only a verified e-mail signs in: its account, or one made for it
 * when its domain is captured (joining that workspace) or under ALLOW_SIGNUP (with a Free workspace).
 */
export async function finishOidcSignIn(deps: Deps, input: { query: URLSearchParams; browser?: string; userAgent: string | null }): Promise<OpenedSession> {
  const settings = settingsOf(deps);
  try {
    const attempt = await takeAttempt(deps, input.browser);
    if (!attempt) throw new SsoRefused('expired', 'no attempt under way in this browser (none started, expired, or already finished)');
    if (input.query.get('state') !== attempt.state) throw new SsoRefused('state', 'the state does not match the attempt of this browser');
    const provider = await providerOf(settings);
    const callbackUrl = new URL(`${deps.config.siteUrl}${OIDC_CALLBACK_PATH}?${input.query}`);
    const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = await identityOf(provider, tokens);
    const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
    if (!email || claims.email_verified !== true)
      throw new SsoRefused('unverified', `the provider did not vouch for the address "${email}" (email_verified is not true)`);
    const name = typeof claims.name === 'string' ? claims.name.slice(0, 100) : null;
    return await signInVerified(deps, email, name, input.userAgent);
  } catch (error) {
    const failure = failureOf(error);
    deps.log.warn({ reason: failure.reason, detail: failure.message }, 'single sign-on refused');
    throw failure;
  }
}

/**
 * The person's claims: the checked ID token's, or, when it leaves the address out (providers that
 * keep ID tokens small in the code flow), the UserInfo endpoint's for the same `sub`.
 */
async function identityOf(provider: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) {
  const idToken = tokens.claims()!;
  if (typeof idToken.email === 'string') return idToken;
  return oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub);
}

async function signInVerified(deps: Deps, email: string, name: string | null, userAgent: string | null): Promise<OpenedSession> {
  let admission: Admission | null = null;
  const { opened, proof } = await deps.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    const newUser = !user;
    if (!user) {
      const captured = await isCapturedAddress(tx, email);
      if (!captured && !deps.config.allowSignup) throw new SsoRefused('no_account', `no account for ${email} and its domain is not captured`);
      user = await ensureUser(tx, email, name, { proven: true });
      if (!captured) await insertOwnedWorkspace(tx, { userId: user.id, name: `${email.split('@')[0]}'s workspace`, plan: 'free' });
    }
    try {
      admission = await admitByDomainCapture(tx, user);
    } catch (error) {
      // a full workspace: someone with an account signs in all the same (without joining), a new address is refused
      if (!(error instanceof ApiError && error.status === 402)) throw error;
      if (newUser) throw new SsoRefused('no_seat', error.message);
    }
    // the provider vouched for the address (email_verified): a proof of the mailbox like a mailed link
    const proof = await proveMailbox(tx, deps, user);
    return { opened: await openSession(tx, deps, user, userAgent), proof };
  });
  if (admission) announceAdmission(deps, admission);
  if (!proof) return opened;
  await announceProof(deps, opened.user, proof);
  return { ...opened, revoked: proof.revoked };
}
