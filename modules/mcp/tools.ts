import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Actor, WorkspaceAccess } from '../../core/access';
import type { Deps } from '../../core/deps';
import { callerFault, notFound, paymentRequired } from '../../core/errors';
import { unstorableInput } from '../../core/validation';
import { featureMessage, hasFeature, LIMITS, roleAtLeast, type Role } from '../../core/plans';
import { conversionStats } from '../conversions';
import { listDomains } from '../domains';
import { createLink, deleteLink, getLink, linkContext, linkCreateInput, linkPatchInput, linkView, listLinks, updateLink } from '../links';
import { FILTER_DESCRIPTION, FILTER_MAX_LENGTH, linkStatsWithImported, workspaceSummary } from '../stats';
import { listTags } from '../tags';
import { createLinkShape, updateLinkShape } from './link-schema';
import pkg from '../../package.json';

/** Who the MCP request acts as: the API key's user in the key's workspace, with the key's role. */
export interface McpCaller {
  actor: Actor;
  workspace: WorkspaceAccess;
}

const idField = { id: z.string().describe('Link ID') };

/** A service result as tool output: JSON text for any client, structured content for those that read it. */
const ok = (result: Record<string, unknown>): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result });

/** The REST answer's status and message become a tool error the agent can read and act on. */
function failure(deps: Deps, tool: string, error: unknown): CallToolResult {
  const fault = callerFault(error);
  if (fault) {
    return {
      isError: true,
      content: [{ type: 'text', text: `${fault.status}: ${fault.message}` }],
      structuredContent: { ...fault.answer(), status: fault.status },
    };
  }
  deps.log.error({ err: error, tool }, 'MCP tool failed');
  return { isError: true, content: [{ type: 'text', text: '500: Internal error' }], structuredContent: { error: 'Internal error', status: 500 } };
}

/**
 * One MCP server for one caller. Every tool calls the same service function as the REST route
 * with the same role minimum, so validation, hooks, audit entries and events are the same.
 */
export function createMcpServer(deps: Deps, caller: McpCaller): McpServer {
  const server = new McpServer({ name: 'linkhop', version: pkg.version }, { capabilities: { tools: {} } });
  const { workspace, actor } = caller;
  const ctx = () => linkContext(deps.db, workspace, actor.userId);

  // A tool exists for the caller only when the key's role may call it (tools/list offers nothing
  // that would answer 403). The SDK's callback type is conditional on the schema and cannot be
  // matched through a generic: hence the cast.
  const tool = <Shape extends z.ZodRawShape>(
    name: string,
    description: string,
    role: Role,
    inputSchema: Shape,
    run: (args: z.infer<z.ZodObject<Shape>>) => Promise<Record<string, unknown>>,
  ) => {
    if (!roleAtLeast(workspace.role, role)) return;
    server.registerTool(name, { description, inputSchema }, (async (args: z.infer<z.ZodObject<Shape>>) => {
      try {
        // the REST routes' edge check (app/kernel.ts): text and dates the database cannot store
        const unstorable = unstorableInput(args);
        if (unstorable) throw unstorable;
        return ok(await run(args));
      } catch (error) {
        return failure(deps, name, error);
      }
    }) as Parameters<typeof server.registerTool>[2]);
  };

  tool('create_link', `Create a short link in workspace "${workspace.name}" (editor role).`, 'editor', createLinkShape, async (args) => {
    const row = await createLink(deps, await ctx(), linkCreateInput(args), 'mcp');
    return linkView(row, deps.config);
  });

  tool(
    'list_links',
    'List links, newest first, optionally filtered by domain, slug prefix or tag.',
    'viewer',
    {
      page: z.number().int().min(1).optional().describe('Page number, from 1 (default 1)'),
      limit: z.number().int().min(1).max(LIMITS.linkPageMax).optional().describe(`Page size, 1 to ${LIMITS.linkPageMax} (default 20)`),
      domain: z.string().optional(),
      prefix: z.string().optional().describe('Slug prefix'),
      tag: z.string().optional(),
    },
    async (args) => listLinks(deps.db, deps.config, workspace.id, args),
  );

  tool('get_link', 'Get one link by ID.', 'viewer', idField, async ({ id }) => {
    const row = await getLink(deps.db, workspace.id, id);
    if (!row) throw notFound('Link');
    return linkView(row, deps.config);
  });

  tool(
    'update_link',
    'Change a link: only the fields given change; null clears a field (editor role).',
    'editor',
    { ...idField, ...updateLinkShape },
    async ({ id, ...patch }) => {
      await updateLink(deps, await ctx(), id, linkPatchInput(patch));
      const row = await getLink(deps.db, workspace.id, id);
      if (!row) throw notFound('Link');
      return linkView(row, deps.config);
    },
  );

  tool('delete_link', 'Delete a link for good (admin role).', 'admin', idField, async ({ id }) => {
    await deleteLink(deps, await ctx(), id);
    return { ok: true };
  });

  const day = (description: string) =>
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .describe(description);
  const filter = (scope: string) => z.string().max(FILTER_MAX_LENGTH).optional().describe(`${FILTER_DESCRIPTION} ${scope}`);
  tool(
    'get_stats',
    "Click stats (Pro plan or higher). Without link_id: the workspace summary (total_links, total_clicks, total_countries, today_clicks, UTC day). With link_id: that link's all-time totals, daily series and top countries, referrers, devices, browsers and OS over from..to (default the last 30 days), as GET /links/{id}/stats. Either narrowed by filter.",
    'viewer',
    {
      link_id: z.string().optional().describe('A link ID: stats of that link instead of the workspace summary'),
      from: day('With link_id: first UTC day, YYYY-MM-DD'),
      to: day('With link_id: last UTC day, YYYY-MM-DD (default today)'),
      limit: z.number().int().min(1).max(100).optional().describe('With link_id: how many top values per breakdown (default 10)'),
      filter: filter('Filtered, unique visitors are null. Example: country:DE,device:mobile'),
    },
    async ({ link_id, ...range }) => {
      if (!hasFeature(workspace.plan, 'stats')) throw paymentRequired(featureMessage('stats'));
      if (link_id === undefined) return workspaceSummary(deps.db, workspace.id, { filter: range.filter });
      const link = await getLink(deps.db, workspace.id, link_id);
      if (!link) throw notFound('Link');
      return linkStatsWithImported(deps.db, workspace.id, link, range);
    },
  );

  tool(
    'get_conversions',
    'The conversion funnel (Pro plan or higher): clicks, leads, sales and revenue per currency (integer minor units, never summed across currencies), leads per click and sales per lead, the same per UTC day, and per currency the top links by revenue, over from..to (default all time), of the workspace or one link, as GET /stats/conversions.',
    'viewer',
    {
      link_id: z.string().optional().describe("A link ID: that link's funnel"),
      from: day('First UTC day, YYYY-MM-DD (default: all time)'),
      to: day('Last UTC day, YYYY-MM-DD (default: all time)'),
      filter: filter('Every step is filtered: leads attributed to a matching click, and their sales. Example: country:DE,tag:launch'),
    },
    async (args) => {
      if (!hasFeature(workspace.plan, 'conversions')) throw paymentRequired(featureMessage('conversions'));
      if (args.link_id !== undefined && !(await getLink(deps.db, workspace.id, args.link_id))) throw notFound('Link');
      return conversionStats(deps.db, workspace.id, args);
    },
  );

  tool('list_domains', "The workspace's custom domains (the default short domain is always available).", 'viewer', {}, async () => ({
    default_domain: deps.config.defaultDomain,
    domains: await listDomains(deps.db, workspace.id),
  }));

  tool('list_tags', 'Tags used on at least one link, sorted, with their metadata.', 'viewer', {}, async () => ({
    tags: await listTags(deps.db, workspace.id),
  }));

  return server;
}
