import type { TestResult } from './types';

/** The outcome of "Send test event", in words: delivered or not, the response code, the time it took, the reason. */
export function TestResultPanel({ result }: { result: TestResult }) {
  return (
    <section class={`panel test-result ${result.success ? 'test-result-ok' : 'test-result-failed'}`} aria-labelledby="test-result-heading">
      <h2 id="test-result-heading">{result.success ? 'Test event delivered' : 'Test event failed'}</h2>
      <dl class="webhook-facts">
        <div>
          <dt>Response code</dt>
          <dd>{result.status_code ?? 'No response'}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{result.duration_ms} ms</dd>
        </div>
        {result.error && (
          <div>
            <dt>Error</dt>
            <dd>{result.error}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
