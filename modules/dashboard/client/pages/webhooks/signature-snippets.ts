// Receiver code shown on the webhooks page. It must match how deliveries are signed exactly
// (test/dashboard/webhooks.test.ts runs the JavaScript one against a real delivery).

export const NODE_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * true when a delivery comes from Linkhop and is recent.
 * headers: the request's headers (a fetch Headers object, or Node's req.headers);
 * rawBody: the body exactly as received, before any JSON parsing.
 */
export function verifyLinkhopWebhook(secret, headers, rawBody) {
  const header = (name) => (typeof headers.get === 'function' ? headers.get(name) : headers[name]) ?? '';
  const timestamp = header('x-webhook-timestamp');
  const mac = createHmac('sha256', secret).update(timestamp + '.' + rawBody).digest('hex');
  const expected = Buffer.from('sha256=' + mac);
  const received = Buffer.from(header('x-webhook-signature'));
  const signed = received.length === expected.length && timingSafeEqual(received, expected);
  const recent = Math.abs(Date.now() - Date.parse(timestamp)) <= 5 * 60 * 1000;
  return signed && recent;
}

// In Bun.serve or any fetch handler:
//   const raw = await request.text();
//   if (!verifyLinkhopWebhook(process.env.LINKHOP_WEBHOOK_SECRET, request.headers, raw)) {
//     return new Response('Bad signature', { status: 401 });
//   }
//   const event = JSON.parse(raw); // ignore it if event.id was seen before
`;

export const PYTHON_SNIPPET = `import hashlib
import hmac
from datetime import datetime, timezone


def verify_linkhop_webhook(secret: str, headers, raw_body: bytes) -> bool:
    """True when a delivery comes from Linkhop and is recent.

    headers: the request's headers (e.g. Flask's request.headers);
    raw_body: the body bytes exactly as received (request.get_data()).
    """
    timestamp = headers.get("X-Webhook-Timestamp", "")
    signature = headers.get("X-Webhook-Signature", "")
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256)
    if not hmac.compare_digest(("sha256=" + mac.hexdigest()).encode(), signature.encode()):
        return False
    try:
        sent = datetime.fromisoformat(timestamp.replace("Z", "+00:00"))
    except ValueError:
        return False
    return abs((datetime.now(timezone.utc) - sent).total_seconds()) <= 300
`;
