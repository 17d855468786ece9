// Load generator in its own process: exactly `amount` GET requests with autocannon (or, with a fourth
// argument, as many as `seconds` allow: autocannon ends an `amount` run on its one-second tick, so a
// throughput figure wants a fixed duration); prints a JSON summary.
import autocannon from 'autocannon';

const [url, amount, connections, seconds] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4] ?? 64), Number(process.argv[5] ?? 0)];
const result = await autocannon({
  url,
  ...(seconds ? { duration: seconds } : { amount }),
  connections,
  headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' },
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: Math.round(result.requests.total / ((new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000)),
    p99_ms: result.latency.p99,
    statuses: { '3xx': result['3xx'], '2xx': result['2xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
