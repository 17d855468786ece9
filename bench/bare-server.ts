// The ceiling: a bare Bun.serve answering a constant 302 (what no framework can beat on this machine).
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: '127.0.0.1',
  fetch: () => new Response(null, { status: 302, headers: { location: 'https://example.com/landing' } }),
});
console.log(JSON.stringify({ port: server.port }));
