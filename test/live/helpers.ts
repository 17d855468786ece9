import { SITE_URL } from '../helpers/app';
import { waitFor } from '../helpers/processes';

export interface LiveReader {
  status: number;
  headers: Headers;
  /** the error body of a refused stream */
  body?: any;
  /** the events read so far, parsed */
  events: { type: string; data: any }[];
  /** true once the server ended the stream */
  readonly ended: boolean;
  /** resolves once `n` events arrived (fails after `timeoutMs`) */
  waitForEvents(n: number, timeoutMs?: number): Promise<void>;
  /** resolves once the server ended the stream (fails after `timeoutMs`) */
  waitForEnd(timeoutMs: number): Promise<void>;
  /** the client goes away */
  close(): Promise<void>;
}

/** `GET /stats/live` of `workspaceId` over a real socket at `base`, with a key or a session cookie, read as a client does. */
export async function openLiveStream(base: string, workspaceId: string, credential: { key?: string; cookie?: string }): Promise<LiveReader> {
  const controller = new AbortController();
  const headers: Record<string, string> = { host: new URL(SITE_URL).host };
  if (credential.key) headers['x-api-key'] = credential.key;
  if (credential.cookie) headers.cookie = credential.cookie;
  const res = await fetch(`${base}/api/workspaces/${workspaceId}/stats/live`, { headers, signal: controller.signal });
  const events: { type: string; data: any }[] = [];
  let ended = false;
  if (res.status !== 200) {
    const body = await res.json().catch(() => undefined);
    return {
      status: res.status,
      headers: res.headers,
      body,
      events,
      ended: true,
      waitForEvents: async () => {},
      waitForEnd: async () => {},
      close: async () => {},
    };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n')) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    get ended() {
      return ended;
    },
    waitForEvents: (n, timeoutMs = 10_000) => waitFor(() => events.length >= n, timeoutMs, `${n} live events`),
    waitForEnd: (timeoutMs) => waitFor(() => ended, timeoutMs, 'the live stream to end'),
    async close() {
      controller.abort();
      await pump;
    },
  };
}
