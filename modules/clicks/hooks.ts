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
}

declare module '../../core/queue' {
  interface JobMap {
    'clicks.record': { clicks: ClickRecord[] };
  }
}

declare module '../../core/hooks' {
  interface HookMap {
    /** after a batch is stored, with only the rows inserted now (never twice for one click): analytics forwarding enqueues here */
    'clicks.recorded': { clicks: ClickRecord[] };
  }
}
export {};
