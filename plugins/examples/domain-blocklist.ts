import { badRequest, definePlugin } from '../../app/plugin-api';

/**
 * Refuses links to domains listed in BLOCKLIST_DOMAINS (comma list; subdomains included) in every
 * workspace, and logs each created link. Load it with PLUGINS=./plugins/examples/domain-blocklist.ts.
 */
export default definePlugin({
  name: 'domain-blocklist',
  setup({ hook, on, log }) {
    const blocked = (process.env.BLOCKLIST_DOMAINS ?? '')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    const isBlocked = (host: string) => blocked.some((d) => host === d || host.endsWith(`.${d}`));

    // a hook runs in the request: its ApiError is the caller's answer (a bulk create fails whole, naming the item)
    hook('link.beforeCreate', ({ link }) => {
      if (typeof link.target !== 'string') return;
      let host: string;
      try {
        host = new URL(link.target).hostname.toLowerCase();
      } catch {
        return; // the links module reports the invalid URL itself
      }
      if (isBlocked(host)) throw badRequest(`Target domain ${host} is blocked on this server`, { field: 'target' });
    });

    // an event comes after the commit; a failing handler is logged, never the caller's answer
    on('link.created', ({ workspaceId, data }) => log.info({ workspaceId, link: data.short_url }, 'link created'));
  },
});
