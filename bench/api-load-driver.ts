/**
 * API load generator in its own process (used by bench/api-load.ts): an open-loop, steady-rate
 * mix of link create / list / get / PATCH for `seconds`, spread over several workspaces so the
 * per-workspace create limit (30 per 10 s) is not what is measured. Prints a JSON summary per
 * operation: requests sent, answers by status class, achieved req/s, p50/p99 latency in ms.
 * Input (argv[2], JSON): { api, host, seconds, rates: {create, list, get, patch}, workspaces: [{id, key, linkIds}] }
 */
export {}; // a module: top-level await

interface Input {
  api: string;
  host: string;
  seconds: number;
  rates: Record<Op, number>;
  workspaces: { id: string; key: string; linkIds: string[] }[];
}
type Op = 'create' | 'list' | 'get' | 'patch';

const input: Input = JSON.parse(process.argv[2]!);
const latencies: Record<Op, number[]> = { create: [], list: [], get: [], patch: [] };
const statuses: Record<Op, Record<string, number>> = { create: {}, list: {}, get: {}, patch: {} };
let counter = 0;

function request(op: Op): { method: string; path: string; key: string; body?: unknown } {
  const ws = input.workspaces[counter++ % input.workspaces.length]!;
  const linkId = ws.linkIds[Math.floor(Math.random() * ws.linkIds.length)]!;
  const base = `/workspaces/${ws.id}/links`;
  switch (op) {
    case 'create':
      return { method: 'POST', path: base, key: ws.key, body: { target: `https://example.com/load/${counter}`, title: `Load ${counter}`, tags: ['load'] } };
    case 'list':
      return { method: 'GET', path: `${base}?limit=20&page=${1 + (counter % 3)}`, key: ws.key };
    case 'get':
      return { method: 'GET', path: `${base}/${linkId}`, key: ws.key };
    case 'patch':
      return { method: 'PATCH', path: `${base}/${linkId}`, key: ws.key, body: { title: `Patched ${counter}` } };
  }
}

async function send(op: Op) {
  const r = request(op);
  const started = performance.now();
  let cls = 'error';
  try {
    const res = await fetch(`${input.api}${r.path}`, {
      method: r.method,
      headers: { host: input.host, 'x-api-key': r.key, ...(r.body ? { 'content-type': 'application/json' } : {}) },
      body: r.body ? JSON.stringify(r.body) : undefined,
    });
    await res.arrayBuffer();
    cls = `${Math.floor(res.status / 100)}xx${res.status === 429 ? ' (429)' : ''}`;
  } catch {}
  latencies[op].push(performance.now() - started);
  statuses[op][cls] = (statuses[op][cls] ?? 0) + 1;
}

const pending: Promise<void>[] = [];
const started = performance.now();
const end = started + input.seconds * 1000;
const timers = (Object.keys(input.rates) as Op[]).map((op) => {
  const interval = 1000 / input.rates[op];
  let next = started;
  // open loop: requests leave on schedule whether or not earlier ones have answered
  return setInterval(() => {
    const now = performance.now();
    while (next <= now && next < end) {
      pending.push(send(op));
      next += interval;
    }
  }, 5);
});
await Bun.sleep(input.seconds * 1000);
timers.forEach(clearInterval);
await Promise.all(pending);
const elapsed = (performance.now() - started) / 1000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};
const summary = Object.fromEntries(
  (Object.keys(latencies) as Op[]).map((op) => [
    op,
    { requests: latencies[op].length, rps: latencies[op].length / elapsed, p50: pct(latencies[op], 50), p99: pct(latencies[op], 99), statuses: statuses[op] },
  ]),
);
console.log(JSON.stringify(summary));
