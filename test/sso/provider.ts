import { createServer } from 'node:https';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';
import type { TestCerts } from '../helpers/https-receiver';

export const CLIENT_ID = 'linkhop';
export const CLIENT_SECRET = 'linkhop-client-secret-0123456789';

/** What the provider's token endpoint does to the ID token before it leaves (re-signed with its real key): a provider gone wrong, or a forger holding its key. */
export type Tamper = { aud: string } | { iss: string } | { expired: true };

/**
 * oidc-provider (the certified Node OpenID provider) over https on loopback, with its development
 * sign-in pages: any login name is an account whose address is that name, verified unless the
 * name starts with `unverified`. `tamper` rewrites the next ID tokens it issues. `certs`: a test CA's
 * certificate for 127.0.0.1, the CA being what the Linkhop process gets in NODE_EXTRA_CA_CERTS.
 */
export async function startOpenIdProvider(redirectUri: string, certs: Pick<TestCerts, 'cert' | 'key'>) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer({ key: certs.key, cert: certs.cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  /** `holdCallback`: the next redirect back to Linkhop is kept in `held` and the browser stays at the provider */
  const state: { tamper?: Tamper; tokenRequests: number; holdCallback?: boolean; held?: string } = { tokenRequests: 0 };

  const provider = new Provider(issuer, {
    clients: [
      { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified'), name: `Person ${id.split('@')[0]}` }),
      };
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const location = ctx.response.get('location') ?? '';
    if (state.holdCallback && location.startsWith(`${redirectUri}?`)) {
      state.held = location;
      state.holdCallback = false;
      ctx.response.set('location', `${issuer}/.well-known/openid-configuration`);
    }
    if (ctx.path !== '/token') return;
    state.tokenRequests++;
    const body = ctx.body as { id_token?: string } | undefined;
    if (!state.tamper || !body?.id_token) return;
    const claims: JWTPayload = decodeJwt(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    if ('aud' in state.tamper) claims.aud = state.tamper.aud;
    if ('iss' in state.tamper) claims.iss = state.tamper.iss;
    if ('expired' in state.tamper) Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey);
  });
  server.on('request', provider.callback());

  return {
    issuer,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
