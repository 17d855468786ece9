import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { createMcpServer, type McpCaller } from './tools';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** X-API-Key → the key's user, workspace and role; null when missing or invalid. */
async function authenticate(deps: Deps, request: Request): Promise<McpCaller | null> {
  const raw = request.headers.get('x-api-key');
  const actor = raw ? await deps.access.authenticate(raw) : null;
  if (!actor) return null;
  const workspace = await deps.access.workspaceAccess(actor, actor.keyWorkspaceId);
  return workspace ? { actor, workspace } : null;
}

/**
 * Stateless streamable HTTP: each POST gets its own server and transport (no session state to
 * share between processes). GET (a server-to-client stream) and DELETE (end a session) have no
 * meaning without sessions: 405, as the MCP transport specification allows.
 */
async function handle(deps: Deps, request: Request): Promise<Response> {
  const caller = await authenticate(deps, request);
  if (!caller) return json(401, { error: request.headers.get('x-api-key') ? 'Invalid API key' : 'Missing API key: send it in the X-API-Key header' });
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
  const route = { parse: 'none' as const, detail: { summary: 'MCP tool server (streamable HTTP, X-API-Key)', hide: true } };
  return new Elysia({ name: 'routes:mcp' })
    .post('/mcp', ({ request }) => handle(deps, request), route)
    .get('/mcp', ({ request }) => handle(deps, request), route)
    .delete('/mcp', ({ request }) => handle(deps, request), route);
};
