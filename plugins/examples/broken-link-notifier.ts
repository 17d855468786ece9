import { definePlugin, t } from '../../app/plugin-api';

/**
 * Posts every broken link to a chat webhook (Slack-style `{ text }`) at BROKEN_LINK_CHAT_URL.
 * `link.broken` is emitted where the monitor runs (a worker process in production, the server on
 * the embedded default): the handler only queues a job, and a worker posts it, retrying on failure.
 * Load it with PLUGINS=./plugins/examples/broken-link-notifier.ts in every process.
 */
export default definePlugin({
  name: 'broken-link-notifier',
  setup(ctx) {
    const chatUrl = process.env.BROKEN_LINK_CHAT_URL;
    if (!chatUrl) throw new Error('set BROKEN_LINK_CHAT_URL to the chat webhook to post to');

    const post = ctx.job('post', t.Object({ text: t.String() }), async ({ text }) => {
      const res = await fetch(chatUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
      if (!res.ok) throw new Error(`the chat webhook answered ${res.status}`); // the job is tried again
    });

    ctx.on('link.broken', async ({ workspaceId, data }) => {
      const link = await ctx.services.links.get(workspaceId, data.id);
      const name = link?.title ? `"${link.title}" (${link.short_url})` : `${data.domain}/${data.slug}`;
      await post.enqueue({ text: `Broken link ${name}: ${data.target} answers ${data.status_code}` });
    });
  },
});
