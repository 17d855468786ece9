/**
 * A chat webhook (Slack-style: POST `{ text }` to /chat) and a dead page (/gone answers 404) on
 * loopback, for the broken-link notifier. `failNext` makes the next posts answer 503.
 */
export function startChatReceiver() {
  const messages: string[] = [];
  let refused = 0;
  const receiver = {
    messages,
    failNext: 0,
    /** posts answered 503 so far */
    refused: () => refused,
    server: Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(request) {
        const path = new URL(request.url).pathname;
        if (path !== '/chat' || request.method !== 'POST') return new Response('gone', { status: 404 });
        if (receiver.failNext > 0) {
          receiver.failNext--;
          refused++;
          return new Response('busy', { status: 503 });
        }
        messages.push((await request.json()).text);
        return new Response('ok');
      },
    }),
    get chatUrl() {
      return `http://127.0.0.1:${receiver.server.port}/chat`;
    },
    get deadUrl() {
      return `http://127.0.0.1:${receiver.server.port}/gone`;
    },
    close: () => receiver.server.stop(true),
  };
  return receiver;
}
