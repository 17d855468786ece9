import type { ClickRecord } from '../../core/hooks';

export type { ClickRecord };

/**
 * A `clicks.record` job (modules/clicks/batch.ts builds and reads it): each distinct link and visitor
 * profile once, then per click its time and two indexes into them.
 */
export interface ClickBatch {
  /** UUIDv7; click ids derive from it */
  id: string;
  /** epoch ms of the first click; `at[i]` counts from it */
  t0: number;
  links: [link_id: string, workspace_id: string, domain: string, slug: string][];
  /** `visitor` is absent from batches queued by earlier versions */
  profiles: [
    country: string | null,
    referer: string | null,
    browser: string | null,
    os: string | null,
    device: string | null,
    language: string | null,
    visitor?: number | null,
  ][];
  at: number[];
  link: number[];
  profile: number[];
}

/** The job shape of earlier versions (one record per click): still read, for jobs queued before an upgrade. */
export interface LegacyClickBatch {
  clicks: ClickRecord[];
}

declare module '../../core/queue' {
  interface JobMap {
    'clicks.record': ClickBatch | LegacyClickBatch;
    /** a deleted link's clicks (with `linkId`), or a workspace's if it no longer exists */
    'clicks.forget': { workspaceId: string; linkId?: string };
    /** partitions ahead, retention, pruning of visitor hashes and batch ids */
    'clicks.maintain': Record<string, never>;
  }
}
