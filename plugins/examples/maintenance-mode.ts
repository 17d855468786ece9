import { definePlugin, t, withExample } from '../../app/plugin-api';

const State = t.Object({ page_url: t.Union([t.String({ format: 'uri', description: 'Where every short link of the workspace goes' }), t.Null()]) });

/**
 * Maintenance mode per workspace: while it is on, every short link of the workspace redirects to one
 * page (a status page, say). Admins switch it at PUT /api/plugins/maintenance-mode/workspaces/{wsId}.
 * The switch lives in the server's memory: one API process (the embedded default), and lost on restart.
 */
export default definePlugin({
  name: 'maintenance-mode',
  setup(ctx) {
    const pages = new Map<string, string>(); // workspace id → maintenance page

    ctx.route({
      method: 'GET',
      path: '/workspaces/:wsId',
      access: { role: 'viewer' },
      summary: "The workspace's maintenance page, or null when its links redirect as usual",
      response: State,
      handler: ({ workspace }) => ({ page_url: pages.get(workspace.id) ?? null }),
    });

    ctx.route({
      method: 'PUT',
      path: '/workspaces/:wsId',
      access: { role: 'admin', plan: 'pro' },
      summary: 'Send every short link of the workspace to one page (page_url), or back to their targets (null)',
      body: withExample(State, { page_url: 'https://status.example.com/' }),
      response: State,
      async handler({ workspace, actor, body }) {
        if (body.page_url) pages.set(workspace.id, body.page_url);
        else pages.delete(workspace.id);
        await ctx.services.audit.record(workspace.id, body.page_url ? 'on' : 'off', { page_url: body.page_url }, { userId: actor.userId });
        return body;
      },
    });

    // before every routing stage (sequence is 10); synchronous, so the redirect stays on its fast path
    ctx.hook(
      'redirect.resolve',
      (visit) => {
        const page = pages.get(visit.link.workspace_id);
        if (page === undefined) return;
        visit.target = page;
        visit.routed = true;
        // a temporary answer even for 301 links: browsers must not remember the maintenance page
        visit.page = new Response(null, { status: 302, headers: { location: page, 'cache-control': 'no-store' } });
      },
      { order: 5 },
    );
  },
});
