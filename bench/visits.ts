// Load generator in its own process: exactly `amount` GET requests with autocannon; prints a JSON summary.
import autocannon from 'autocannon';

const [url, amount, connections] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4] ?? 64)];
const result = await autocannon({
  url,
  amount,
  connections,
  headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' },
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: Math.round(result.requests.total / result.duration),
    p99_ms: result.latency.p99,
    statuses: { '3xx': result['3xx'], '2xx': result['2xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
