import { createHash } from 'node:crypto';
import type { Config } from '../../core/config';

/**
 * A refusal in the OAuth protocol's own words (RFC 6749 §5.2, RFC 7591 §3.2.2): `{error, error_description}`,
 * which OAuth clients read, instead of the REST API's `{error, code}`.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
  answer() {
    return { error: this.error, error_description: this.message };
  }
}

/** The MCP endpoint (RFC 8707 `resource`, RFC 9728 metadata): what a grant is for unless the app asks for the REST API. */
export const mcpResource = (config: Config) => `${config.siteUrl}/mcp`;
/** The REST API, for apps that act through it (the browser extension): its tokens work on `/api` and nowhere else. */
export const apiResource = (config: Config) => `${config.siteUrl}/api`;
export const resources = (config: Config) => [mcpResource(config), apiResource(config)];
export const resourceMetadataUrl = (config: Config) => `${config.siteUrl}/.well-known/oauth-protected-resource/mcp`;

/** RFC 8414 metadata: the endpoints, and only what this server does (code + PKCE S256, public clients). */
export function authorizationServerMetadata(config: Config) {
  const site = config.siteUrl;
  return {
    issuer: site,
    authorization_endpoint: `${site}/app/oauth/authorize`,
    token_endpoint: `${site}/oauth/token`,
    registration_endpoint: `${site}/oauth/register`,
    revocation_endpoint: `${site}/oauth/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${site}/api/docs`,
  };
}

/** RFC 9728 metadata of the MCP endpoint. */
export function protectedResourceMetadata(config: Config) {
  return {
    resource: mcpResource(config),
    authorization_servers: [config.siteUrl],
    bearer_methods_supported: ['header'],
    resource_name: 'Linkhop MCP server',
  };
}

export const LIMITS = {
  registrationBytes: 8 * 1024,
  redirectUris: 5,
  redirectUriLength: 2000,
  clientName: 100,
  stateLength: 1000,
} as const;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * A browser extension's own pages: Chromium names an extension by 32 letters a–p, Firefox by a
 * per-install UUID. Only that browser's extension with that id can receive the answer there.
 */
const EXTENSION_IDS: Record<string, RegExp> = {
  'chrome-extension:': /^[a-p]{32}$/,
  'moz-extension:': /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};
/** The https hosts the browsers' identity API reserves for an extension (`launchWebAuthFlow`). */
const EXTENSION_WEB_HOSTS = [/^[a-p]{32}\.chromiumapp\.org$/, /^[0-9a-f]{40}\.extensions\.allizom\.org$/];

/** Whether the redirect URI delivers the answer to a browser extension (the consent page says so). */
export function isExtensionRedirect(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol in EXTENSION_IDS) return EXTENSION_IDS[url.protocol]!.test(url.hostname);
  return url.protocol === 'https:' && EXTENSION_WEB_HOSTS.some((host) => host.test(url.hostname));
}

/**
 * Why a redirect URI cannot be registered, or null: https anywhere, plain http only to this machine
 * (RFC 8252 §7.3), a browser extension's page (`chrome-extension://<id>/…`, `moz-extension://<uuid>/…`),
 * no fragment.
 */
export function redirectUriProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return 'must be a URL';
  if (value.length > LIMITS.redirectUriLength) return `at most ${LIMITS.redirectUriLength} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.hash || value.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  if (url.protocol in EXTENSION_IDS) {
    return EXTENSION_IDS[url.protocol]!.test(url.hostname) && url.port === '' ? null : `must name the extension by its id (${url.protocol}//<id>/…)`;
  }
  return 'must be https, http to a loopback address (127.0.0.1, [::1], localhost), or a browser extension page';
}

/**
 * Whether `asked` is one of the registered URIs: exactly, except that a loopback URI may name any
 * port (a native app listens on whatever port is free, RFC 8252 §7.3).
 */
export function redirectUriRegistered(registered: readonly string[], asked: string): boolean {
  if (registered.includes(asked)) return true;
  let url: URL;
  try {
    url = new URL(asked);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) return false;
  const portless = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.some((r) => {
    const known = new URL(r);
    return known.protocol === 'http:' && portless(known) === portless(url);
  });
}

const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isS256Challenge = (value: string) => S256_CHALLENGE.test(value);

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) equals the challenge. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!PKCE_VALUE.test(verifier)) return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}
