import { ApiError } from '../core/errors';
import { definePlugin } from '../core/plugins';

/**
 * Example extension plugin: refuses links to domains listed in BLOCKLIST_DOMAINS (comma list;
 * subdomains included) for every workspace, and logs each created link.
 * Load it with PLUGINS=./plugins/domain-blocklist.ts.
 */
export default definePlugin({
  name: 'domain-blocklist',
  setup({ hooks, log }) {
    const blocked = (process.env.BLOCKLIST_DOMAINS ?? '').split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
    const isBlocked = (host: string) => blocked.some((d) => host === d || host.endsWith(`.${d}`));

    hooks.on('link.beforeCreate', ({ link }) => {
      if (typeof link.target !== 'string') return;
      let host: string;
      try {
        host = new URL(link.target).hostname.toLowerCase();
      } catch {
        return; // the links module reports the invalid URL itself
      }
      if (isBlocked(host)) throw new ApiError(400, `Target domain ${host} is blocked on this server`);
    }, { source: 'domain-blocklist' });

    hooks.on('link.created', ({ workspaceId, data }) => log.info({ workspaceId, link: data.short_url }, 'link created'), { source: 'domain-blocklist' });
  },
});
