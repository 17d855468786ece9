import type { DbOrTx } from '../../core/db';

declare module '../../core/hooks' {
  interface HookMap {
    /** how many links of the workspace live on this custom domain: the links module sets `count` */
    'domain.linkCount': { workspaceId: string; domain: string; count: number };
    /**
     * A custom domain is being deleted inside transaction `db`: the links module deletes the
     * domain's links in that same transaction and adds how many to `deleted`.
     */
    'domain.beforeRemove': { db: DbOrTx; workspaceId: string; domain: string; deleted: number };
  }
}
export {};
