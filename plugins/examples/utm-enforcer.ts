import { definePlugin, Int, t, withExample } from '../../app/plugin-api';

const Campaign = t.Object({ campaign: t.Union([t.String({ minLength: 1, maxLength: 100, description: 'utm_campaign for new links' }), t.Null()]) });
const Report = t.Object({ campaign: Campaign.properties.campaign, links_stamped: Int({ description: 'new links carrying the campaign' }) });

/**
 * Stamps a workspace's campaign on the UTM parameters of its new links. Admins set it at
 * PUT /api/plugins/utm-enforcer/workspaces/{wsId}; a job counts the links that carry it. The campaign
 * and the count live in ctx.store, so the API (route, hook) and a worker (job) share them.
 * Load it with PLUGINS=./plugins/examples/utm-enforcer.ts in every process.
 */
export default definePlugin({
  name: 'utm-enforcer',
  setup(ctx) {
    const campaignOf = (wsId: string) => ctx.store.get(`campaign:${wsId}`, t.String());
    const report = async (wsId: string) => ({ campaign: await campaignOf(wsId), links_stamped: (await ctx.store.get(`stamped:${wsId}`, t.Number())) ?? 0 });

    // after templates (10), before governance (900): its require_utm sees the stamp
    ctx.hook(
      'link.beforeCreate',
      async ({ workspaceId, link }) => {
        const campaign = await campaignOf(workspaceId);
        const utm = link.utm_params;
        // no UTM of its own: the workspace's default_utm_params fill it after the hooks (set the campaign there too)
        if (!campaign || typeof utm !== 'object' || utm === null || !Object.keys(utm).length) return;
        link.utm_params = { campaign, ...utm };
      },
      { order: 20 },
    );

    const tally = ctx.job('tally', t.Object({ workspaceId: t.String(), linkId: t.String() }), async ({ workspaceId, linkId }) => {
      const [link, campaign] = await Promise.all([ctx.services.links.get(workspaceId, linkId), campaignOf(workspaceId)]);
      if (campaign && link?.utm_params?.campaign === campaign) await ctx.store.increment(`stamped:${workspaceId}`);
    });
    ctx.on('link.created', ({ workspaceId, data }) => tally.enqueue({ workspaceId, linkId: data.id }));

    ctx.route({
      method: 'GET',
      path: '/workspaces/:wsId',
      access: { role: 'viewer' },
      summary: "The workspace's campaign and how many new links carry it",
      response: Report,
      handler: ({ workspace }) => report(workspace.id),
    });
    ctx.route({
      method: 'PUT',
      path: '/workspaces/:wsId',
      access: { role: 'admin' },
      summary: 'Stamp a campaign on new links with UTM parameters (null: stop)',
      body: withExample(Campaign, { campaign: 'spring-sale' }),
      response: Report,
      async handler({ workspace, body }) {
        if (body.campaign) await ctx.store.set(`campaign:${workspace.id}`, body.campaign);
        else await ctx.store.delete(`campaign:${workspace.id}`);
        return report(workspace.id);
      },
    });
  },
});
