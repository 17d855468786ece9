import { CopyButton } from '../../ui';
import { NODE_SNIPPET, PYTHON_SNIPPET } from './signature-snippets';

function Snippet({ id, caption, code }: { id: string; caption: string; code: string }) {
  return (
    <figure class="signature-snippet" aria-labelledby={id}>
      <figcaption id={id}>
        {caption}
        <CopyButton text={code} name={`${caption} code`} />
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** How a receiver checks that a delivery is genuine, as the deliveries' signature is defined, with code to copy. */
export function SignatureCheck() {
  return (
    <section class="signature-check" aria-labelledby="signature-heading">
      <h2 id="signature-heading">Check the signature</h2>
      <p>
        Every delivery is a POST with a JSON body and the headers <code>X-Webhook-Id</code>, <code>X-Webhook-Event</code>, <code>X-Webhook-Timestamp</code> and{' '}
        <code>X-Webhook-Signature</code>. The signature is <code>sha256=</code> followed by the hex HMAC-SHA256, keyed with the webhook's signing secret, of the
        timestamp header, a dot, and the raw body: <code>timestamp + "." + raw_body</code>.
      </p>
      <p>
        Compute it over the body exactly as received (before parsing the JSON), compare in constant time, reject timestamps more than 5 minutes old, and ignore
        an event <code>id</code> you have already handled. Deliveries are not retried.
      </p>
      <Snippet id="snippet-node" caption="Node.js and Bun" code={NODE_SNIPPET} />
      <Snippet id="snippet-python" caption="Python" code={PYTHON_SNIPPET} />
    </section>
  );
}
