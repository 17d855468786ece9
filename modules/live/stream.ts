import type { LiveEvent } from './hub';

/** What a consumer may have unread before it is dropped (a slow reader is never buffered without bound). */
export const UNREAD_MAX_BYTES = 256 * 1024;
const KEEPALIVE_MS = 15_000;
const encoder = new TextEncoder();

/**
 * A Server-Sent Events stream fed by `subscribe`: one `event:` per live event, a comment every 15 s
 * (proxies keep the connection), and closed, unsubscribed, when the reader goes away, falls more
 * than UNREAD_MAX_BYTES behind, or the subscriber calls `end` (its credential was revoked): from
 * then on nothing more is written.
 */
export function eventStream(subscribe: (send: (events: LiveEvent[]) => void, end: () => void) => () => void): ReadableStream<Uint8Array> {
  let stop = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        const close = () => {
          if (!open) return;
          open = false;
          stop();
          clearInterval(keepalive);
          controller.close();
        };
        const write = (text: string) => {
          if (!open) return;
          controller.enqueue(encoder.encode(text));
          if ((controller.desiredSize ?? 0) < 0) close();
        };
        const keepalive = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS);
        write('retry: 2000\n: connected\n\n');
        const unsubscribe = subscribe(
          (events) => write(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`).join('')),
          () => close(),
        );
        // once: the reader may cancel a stream this side already closed
        let stopped = false;
        stop = () => {
          open = false;
          if (stopped) return;
          stopped = true;
          unsubscribe();
          clearInterval(keepalive);
        };
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: UNREAD_MAX_BYTES, size: (chunk) => chunk?.byteLength ?? 0 },
  );
}
