import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Elysia } from 'elysia';
import { bearerTokenOf } from '../../core/access';
import type { Deps } from '../../core/deps';
import { bearerActor, mcpResource, resourceMetadataUrl } from '../oauth';
import { createMcpServer, type McpCaller } from './tools';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * X-API-Key, else an OAuth access token Linkhop issued (`Authorization: Bearer`) → the user, the
 * workspace and the role (the key's or the token's, capped by the user's membership now); null when
 * missing or invalid, or when the user is no longer a member there.
 */
async function authenticate(deps: Deps, request: Request): Promise<McpCaller | null> {
  const key = request.headers.get('x-api-key');
  const bearer = key ? undefined : bearerTokenOf(request);
  const actor = key ? await deps.access.authenticate(key) : bearer ? await bearerActor(deps, bearer, mcpResource(deps.config)) : null;
  if (!actor) return null;
  const workspace = await deps.access.workspaceAccess(actor, actor.keyWorkspaceId);
  return workspace ? { actor, workspace } : null;
}

/** 401, pointing OAuth clients at the resource metadata (RFC 9728 §5.1), with `invalid_token` for a token that does not act (RFC 6750 §3.1). */
function unauthenticated(deps: Deps, request: Request): Response {
  const metadata = `resource_metadata="${resourceMetadataUrl(deps.config)}"`;
  if (request.headers.get('x-api-key')) return json(401, { error: 'Invalid API key' }, { 'www-authenticate': `Bearer ${metadata}` });
  if (bearerTokenOf(request)) {
    return json(
      401,
      { error: 'Invalid, expired or revoked access token' },
      { 'www-authenticate': `Bearer error="invalid_token", error_description="The access token is invalid, expired or revoked", ${metadata}` },
    );
  }
  return json(
    401,
    { error: 'Missing credential: send an API key in the X-API-Key header, or an OAuth access token' },
    { 'www-authenticate': `Bearer ${metadata}` },
  );
}

/**
 * Stateless streamable HTTP: each POST gets its own server and transport (no session state to
 * share between processes). GET (a server-to-client stream) and DELETE (end a session) have no
 * meaning without sessions: 405, as the MCP transport specification allows.
 */
async function handle(deps: Deps, request: Request): Promise<Response> {
  const caller = await authenticate(deps, request);
  if (!caller) return unauthenticated(deps, request);
  if (request.method !== 'POST') {
    return json(
      405,
      { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless, use POST' }, id: null },
      { allow: 'POST' },
    );
  }
  const server = createMcpServer(deps, caller);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  transport.onerror = (err) => deps.log.warn({ err }, 'MCP transport error');
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}

export const mcpRoutes = (deps: Deps) => {
  // the transport reads the body itself: Elysia must not parse it
  const route = { parse: 'none' as const, detail: { summary: 'MCP tool server (streamable HTTP, X-API-Key or OAuth bearer token)', hide: true } };
  return new Elysia({ name: 'routes:mcp' })
    .post('/mcp', ({ request }) => handle(deps, request), route)
    .get('/mcp', ({ request }) => handle(deps, request), route)
    .delete('/mcp', ({ request }) => handle(deps, request), route);
};
