import type { Tx } from '../../core/db';
import type { Plan } from '../../core/plans';

/** What `link.validate` handlers see: one link's input about to be written. */
export interface LinkValidate {
  workspaceId: string;
  plan: Plan;
  /** `patch`: `input` holds only the fields being changed; `null` clears a field (skip it) */
  mode: 'create' | 'patch';
  /**
   * The request body of one link (create, bulk item, import row, MCP, or PATCH). Handlers validate
   * and may normalise their own field in place (rules, routing_rules, ab_variants, sequence,
   * deep_link, interstitial) and throw ApiError 400 (invalid) or 402 (plan). Runs after the links
   * module checked the base fields and plan gates, before anything is written.
   */
  input: Record<string, unknown>;
}

declare module '../../core/hooks' {
  interface HookMap {
    'link.validate': LinkValidate;
    /** the domains module removes a domain: the links module deletes its links in `db` (the open transaction) and sets `deleted` */
    'domain.beforeRemove': { db: Tx; workspaceId: string; domain: string; deleted: number };
    /** the links module fills `count` with the number of links on the domain */
    'domain.linkCount': { workspaceId: string; domain: string; count: number };
  }
}
export {};
