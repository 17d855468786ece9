/** A visit as the redirect path hands it to the click pipeline (and as a `clicks.record` job carries it). */
export interface ClickRecord {
  /** generated at redirect time: a re-delivered batch inserts nothing twice */
  id: string;
  link_id: string;
  workspace_id: string;
  domain: string;
  slug: string;
  /** epoch ms */
  clicked_at: number;
  country: string | null;
  referer: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  language: string | null;
  /**
   * 48-bit hash of the visitor's IP and User-Agent, made at redirect time (null: unknown). The worker
   * re-hashes it under the day's salt to count unique visitors and stores only that; it is never exposed.
   */
  visitor: number | null;
}

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
  profiles: [country: string | null, referer: string | null, browser: string | null, os: string | null, device: string | null, language: string | null, visitor?: number | null][];
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

declare module '../../core/hooks' {
  interface HookMap {
    /** after a batch is stored, with only the rows inserted now (never twice for one click): analytics forwarding enqueues here */
    'clicks.recorded': { clicks: ClickRecord[] };
  }
}
export {};
