declare module '../../core/hooks' {
  interface HookMap {
    /**
     * a domain was added, verified or removed: run (awaited) after commit and before the write
     * answers, so that every process drops its cached copy first (the events go to webhooks)
     */
    'domain.changed': { domain: string };
  }
}
export {};
